-- Lets this server use the MySQL database of an official Nacos 1.4.x (or 2.x) cluster as it is, while
-- those nodes keep using it (a rolling upgrade): it adds what 2.x reads and writes, with defaults
-- that 1.4.x inserts (which name their columns) fill in, and converts the config tables from utf8
-- (MySQL's three-byte UTF-8, which refuses emoji) to utf8mb4, keeping their binary collation; it
-- drops nothing. Each conversion copies its table and holds its writes meanwhile;
-- 1.4.x nodes read and write the converted tables as before.
-- Idempotent: run it again and it changes nothing. Works on MySQL 5.7 and 8 and on MariaDB 10.2+.
--   mysql -h HOST -u USER -p DATABASE < conf/mysql-upgrade-from-1.4.sql

-- Per table, one ALTER adds the columns the table lacks (nothing when it has them all or is not
-- there): MySQL has no ADD COLUMN IF NOT EXISTS, and a stored procedure would need the CREATE
-- ROUTINE privilege, which Nacos' database user often lacks.
SELECT IFNULL(CONCAT('ALTER TABLE `config_info` ', GROUP_CONCAT(CONCAT('ADD COLUMN `', name, '` ', definition)
                                                 SEPARATOR ', ')), 'SELECT 1') INTO @add_columns
  FROM (SELECT 'encrypted_data_key' AS name, 'varchar(1024) NOT NULL DEFAULT ''''' AS definition) AS wanted
 WHERE EXISTS (SELECT 1 FROM information_schema.tables
                WHERE table_schema = DATABASE() AND table_name = 'config_info')
   AND NOT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = DATABASE() AND table_name = 'config_info' AND column_name = wanted.name);
PREPARE add_columns FROM @add_columns;
EXECUTE add_columns;
DEALLOCATE PREPARE add_columns;

SELECT IFNULL(CONCAT('ALTER TABLE `config_info_beta` ', GROUP_CONCAT(CONCAT('ADD COLUMN `', name, '` ', definition)
                                                 SEPARATOR ', ')), 'SELECT 1') INTO @add_columns
  FROM (SELECT 'encrypted_data_key' AS name, 'varchar(1024) NOT NULL DEFAULT ''''' AS definition) AS wanted
 WHERE EXISTS (SELECT 1 FROM information_schema.tables
                WHERE table_schema = DATABASE() AND table_name = 'config_info_beta')
   AND NOT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = DATABASE() AND table_name = 'config_info_beta' AND column_name = wanted.name);
PREPARE add_columns FROM @add_columns;
EXECUTE add_columns;
DEALLOCATE PREPARE add_columns;

SELECT IFNULL(CONCAT('ALTER TABLE `his_config_info` ', GROUP_CONCAT(CONCAT('ADD COLUMN `', name, '` ', definition)
                                                 SEPARATOR ', ')), 'SELECT 1') INTO @add_columns
  FROM (SELECT 'encrypted_data_key' AS name, 'varchar(1024) NOT NULL DEFAULT ''''' AS definition
        UNION ALL SELECT 'publish_type', 'varchar(50) DEFAULT ''formal'''
        UNION ALL SELECT 'gray_name', 'varchar(50) DEFAULT NULL'
        UNION ALL SELECT 'ext_info', 'longtext DEFAULT NULL') AS wanted
 WHERE EXISTS (SELECT 1 FROM information_schema.tables
                WHERE table_schema = DATABASE() AND table_name = 'his_config_info')
   AND NOT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = DATABASE() AND table_name = 'his_config_info' AND column_name = wanted.name);
PREPARE add_columns FROM @add_columns;
EXECUTE add_columns;
DEALLOCATE PREPARE add_columns;

-- Where 2.5 keeps beta and tag variants (1.4.x kept them in config_info_beta and config_info_tag,
-- which this server still reads).
CREATE TABLE IF NOT EXISTS `config_info_gray` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT,
  `data_id` varchar(255) NOT NULL,
  `group_id` varchar(128) NOT NULL,
  `content` longtext NOT NULL,
  `md5` varchar(32) DEFAULT NULL,
  `src_user` text,
  `src_ip` varchar(100) DEFAULT NULL,
  `gmt_create` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  `gmt_modified` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  `app_name` varchar(128) DEFAULT NULL,
  `tenant_id` varchar(128) DEFAULT '',
  `gray_name` varchar(128) NOT NULL,
  `gray_rule` text NOT NULL,
  `encrypted_data_key` varchar(256) NOT NULL DEFAULT '',
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_configinfogray_datagrouptenantgray` (`data_id`, `group_id`, `tenant_id`, `gray_name`),
  KEY `idx_dataid_gmt_modified` (`data_id`, `gmt_modified`),
  KEY `idx_gmt_modified` (`gmt_modified`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- Per table, one CONVERT when any of its text columns is not utf8mb4 (nothing when the table is not
-- there). config_info_gray keeps the official's default collation, the others their utf8_bin's
-- binary one.

SELECT IFNULL(MAX('ALTER TABLE `config_info` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'config_info'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `config_info_beta` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'config_info_beta'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `config_info_tag` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'config_info_tag'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `config_info_gray` CONVERT TO CHARACTER SET utf8mb4'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'config_info_gray'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `config_tags_relation` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'config_tags_relation'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `group_capacity` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'group_capacity'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `his_config_info` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'his_config_info'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `tenant_capacity` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tenant_capacity'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

SELECT IFNULL(MAX('ALTER TABLE `tenant_info` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin'), 'SELECT 1') INTO @convert
  FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tenant_info'
   AND character_set_name IS NOT NULL AND character_set_name <> 'utf8mb4';
PREPARE convert_table FROM @convert;
EXECUTE convert_table;
DEALLOCATE PREPARE convert_table;

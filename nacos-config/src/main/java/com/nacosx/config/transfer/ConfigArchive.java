package com.nacosx.config.transfer;

import com.nacosx.config.model.StoredConfig;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The zip file of config export and import, as the official server writes and reads it: one
 * entry {@code group/dataId} per config holding its content, and a metadata entry, either
 * {@code .meta.yml} (the first format: lines {@code group.dataId.app=appName}, the dataId's last
 * dot written as {@code ~}) or {@code .metadata.yml} (the second: a YAML list of dataId, group,
 * type, desc and appName).
 */
public final class ConfigArchive {

    static final String METADATA_V1 = ".meta.yml";
    static final String METADATA_V2 = ".metadata.yml";
    private static final String SEPARATOR = "/";

    /** One config read from an archive. */
    public record Item(String dataId, String group, String content, String type, String desc, String appName) {
    }

    /** What an archive held: the configs, and the entries that name no config. */
    public record Contents(List<Item> items, List<Map<String, String>> unrecognized) {
    }

    /** The archive cannot be read, or its metadata is not what the format says. */
    public static final class UnreadableArchive extends Exception {
        private final boolean badMetadata;

        UnreadableArchive(String message, boolean badMetadata) {
            super(message);
            this.badMetadata = badMetadata;
        }

        public boolean badMetadata() {
            return badMetadata;
        }
    }

    private ConfigArchive() {
    }

    /** The archive of these configs, in the first format or (with {@code v2}) the second. */
    public static byte[] write(List<StoredConfig> configs, boolean v2) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            StringBuilder appNames = new StringBuilder();
            List<Map<String, Object>> metadata = new ArrayList<>();
            for (StoredConfig config : configs) {
                put(zip, config.key().group() + SEPARATOR + config.key().dataId(), config.content());
                if (v2) {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("appName", config.appName());
                    entry.put("dataId", config.key().dataId());
                    entry.put("desc", config.desc());
                    entry.put("group", config.key().group());
                    entry.put("type", config.type());
                    metadata.add(entry);
                } else if (config.appName() != null && !config.appName().isBlank()) {
                    appNames.append(config.key().group()).append('.').append(tildeName(config.key().dataId()))
                            .append(".app=").append(config.appName()).append("\r\n");
                }
            }
            if (v2) {
                DumperOptions options = new DumperOptions();
                options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
                put(zip, METADATA_V2, new Yaml(options).dump(Map.of("metadata", metadata)));
            } else if (!appNames.isEmpty()) {
                put(zip, METADATA_V1, appNames.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void put(ZipOutputStream zip, String name, String text) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(text.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    private static String tildeName(String dataId) {
        int dot = dataId.lastIndexOf('.');
        return dot < 0 ? dataId : dataId.substring(0, dot) + "~" + dataId.substring(dot + 1);
    }

    /**
     * Reads an archive of either format.
     *
     * @param maxBytes the most its entries may hold unpacked together (a small zip may unpack huge)
     */
    public static Contents read(byte[] archive, long maxBytes) throws UnreadableArchive {
        Map<String, String> entries = new LinkedHashMap<>();
        String metadataName = null;
        String metadata = null;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive), StandardCharsets.UTF_8)) {
            long total = 0;
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (entry.isDirectory()) {
                    continue;
                }
                byte[] data = readBounded(zip, maxBytes - total);
                total += data.length;
                String text = new String(data, StandardCharsets.UTF_8);
                if (entry.getName().equals(METADATA_V1) || entry.getName().equals(METADATA_V2)) {
                    metadataName = entry.getName();
                    metadata = text;
                } else {
                    entries.put(entry.getName(), text);
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new UnreadableArchive("the file is not a readable zip archive: " + e.getMessage(), false);
        }
        if (metadata == null && entries.isEmpty()) {
            throw new UnreadableArchive("the file is not a zip archive of configs", false);
        }
        return METADATA_V2.equals(metadataName) ? readV2(entries, metadata) : readV1(entries, metadata);
    }

    private static byte[] readBounded(InputStream in, long allowed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
            out.write(buffer, 0, read);
            if (out.size() > allowed) {
                throw new IOException("its entries unpack to more than the allowed " + allowed + " bytes");
            }
        }
        return out.toByteArray();
    }

    private static Contents readV1(Map<String, String> entries, String metadata) throws UnreadableArchive {
        Map<String, String> appNames = new LinkedHashMap<>();
        if (metadata != null) {
            for (String line : metadata.split("[\r\n]+")) {
                String[] pair = line.split("=");
                if (pair.length != 2) {
                    throw new UnreadableArchive("the line '" + line + "' of " + METADATA_V1
                            + " is not group.dataId.app=appName", true);
                }
                appNames.put(pair[0], pair[1]);
            }
        }
        List<Item> items = new ArrayList<>();
        List<Map<String, String>> unrecognized = new ArrayList<>();
        entries.forEach((name, content) -> {
            String[] groupAndDataId = name.split(SEPARATOR);
            if (groupAndDataId.length != 2) {
                unrecognized.add(Map.of("itemName", name));
                return;
            }
            String group = groupAndDataId[0];
            String dataId = groupAndDataId[1];
            items.add(new Item(dataId, group, content, null, null,
                    appNames.get(group + "." + tildeName(dataId) + ".app")));
        });
        return new Contents(items, unrecognized);
    }

    private static Contents readV2(Map<String, String> entries, String metadata) throws UnreadableArchive {
        List<Map<String, Object>> described = describedConfigs(metadata);
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        for (Map<String, Object> config : described) {
            byName.put(text(config, "group") + SEPARATOR + text(config, "dataId"), config);
        }
        List<Map<String, String>> unrecognized = new ArrayList<>();
        entries.keySet().stream().filter(name -> name.split(SEPARATOR).length != 2 || !byName.containsKey(name))
                .forEach(name -> unrecognized.add(Map.of("itemName", name.split(SEPARATOR).length != 2 ? name
                        : "not in the metadata: " + name)));
        List<Item> items = new ArrayList<>();
        byName.forEach((name, config) -> {
            String content = entries.get(name);
            if (content == null) {
                unrecognized.add(Map.of("itemName", "not in the file: " + name));
                return;
            }
            items.add(new Item(text(config, "dataId"), text(config, "group"), content, text(config, "type"),
                    text(config, "desc"), text(config, "appName")));
        });
        return new Contents(items, unrecognized);
    }

    /** The metadata's list of configs, each with a dataId, group and type. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> describedConfigs(String metadata) throws UnreadableArchive {
        Object parsed;
        try {
            parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(metadata);
        } catch (YAMLException e) {
            throw new UnreadableArchive(METADATA_V2 + " is not valid YAML: " + e.getMessage(), true);
        }
        if (!(parsed instanceof Map<?, ?> root) || !(root.get("metadata") instanceof List<?> list) || list.isEmpty()) {
            throw new UnreadableArchive(METADATA_V2 + " holds no 'metadata' list of configs", true);
        }
        List<Map<String, Object>> configs = new ArrayList<>();
        for (Object element : list) {
            if (!(element instanceof Map<?, ?> config) || blank(config.get("dataId")) || blank(config.get("group"))
                    || blank(config.get("type"))) {
                throw new UnreadableArchive("every config of " + METADATA_V2 + " needs a dataId, a group and a type",
                        true);
            }
            configs.add((Map<String, Object>) config);
        }
        return configs;
    }

    private static boolean blank(Object value) {
        return value == null || value.toString().isBlank();
    }

    private static String text(Map<String, Object> config, String name) {
        Object value = config.get(name);
        return value == null ? null : value.toString();
    }
}

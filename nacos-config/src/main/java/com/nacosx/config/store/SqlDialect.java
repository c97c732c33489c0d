package com.nacosx.config.store;

/** The SQL that differs between the embedded Derby and MySQL. */
public enum SqlDialect {
    DERBY {
        @Override
        public String page(String sql) {
            return sql + " OFFSET ? ROWS FETCH NEXT ? ROWS ONLY";
        }
    },
    MYSQL {
        @Override
        public String page(String sql) {
            return sql + " LIMIT ?,?";
        }
    };

    /** Appends paging to a query; the caller binds offset then row count as the last two arguments. */
    public abstract String page(String sql);
}

package com.nacosx.config.store;

/** The SQL that differs between the embedded Derby and MySQL. */
public enum SqlDialect {
    DERBY {
        @Override
        public String page(String sql) {
            return sql + " OFFSET ? ROWS FETCH NEXT ? ROWS ONLY";
        }

        @Override
        public String typed(String sqlType) {
            return "CAST(? AS " + sqlType + ")";
        }
    },
    MYSQL {
        @Override
        public String page(String sql) {
            return sql + " LIMIT ?,?";
        }

        @Override
        public String typed(String sqlType) {
            return "?";
        }
    };

    /** A parameter in a SELECT list; Derby must be told its type, MySQL must not be. */
    public abstract String typed(String sqlType);

    /** Appends paging to a query; the caller binds offset then row count as the last two arguments. */
    public abstract String page(String sql);
}

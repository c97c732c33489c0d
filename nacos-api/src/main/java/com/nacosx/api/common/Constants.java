package com.nacosx.api.common;

/** Names and values that Nacos clients and servers agree on; each defined once. */
public final class Constants {

    public static final String DEFAULT_GROUP = "DEFAULT_GROUP";

    /** The public namespace is stored as the empty tenant. */
    public static final String PUBLIC_NAMESPACE_ID = "public";

    public static final String DEFAULT_NAMESPACE_TENANT = "";

    /** Separates the fields of one record in 1.x long-poll bodies. */
    public static final char WORD_SEPARATOR = '\u0002';

    /** Separates the records in 1.x long-poll bodies. */
    public static final char LINE_SEPARATOR = '\u0001';

    public static final String LISTENING_CONFIGS = "Listening-Configs";

    public static final String LONG_POLLING_TIMEOUT_HEADER = "Long-Pulling-Timeout";

    public static final String LONG_POLLING_NO_HANGUP_HEADER = "Long-Pulling-Timeout-No-Hangup";

    public static final String CONTENT_MD5_HEADER = "Content-MD5";

    public static final String CONFIG_TYPE_HEADER = "Config-Type";

    public static final String ENCRYPTED_DATA_KEY_HEADER = "Encrypted-Data-Key";

    public static final String BETA_IPS_HEADER = "betaIps";

    public static final String CAS_MD5_HEADER = "casMd5";
    /**
     * On a config read answered by a node cut off from the majority of its cluster: the content is
     * what the node has, which may be older than the cluster's (ours; the official server has none).
     */
    public static final String STALE_HEADER = "Nacos-Stale";

    public static final String IS_BETA_HEADER = "isBeta";

    private Constants() {
    }
}

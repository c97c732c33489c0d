package com.nacosx.api.exception;

/**
 * The detail codes Nacos 2.x puts in error results, with the short text the v2 Open API answers
 * in its {@code message} field (api/model/v2/ErrorCode in the official API).
 */
public enum ErrorCode {
    SUCCESS(0, "success"),
    PARAMETER_MISSING(10000, "parameter missing"),
    ACCESS_DENIED(10001, "access denied"),
    DATA_ACCESS_ERROR(10002, "data access error"),
    TENANT_PARAM_ERROR(20001, "'tenant' parameter error"),
    PARAMETER_VALIDATE_ERROR(20002, "parameter validate error"),
    MEDIA_TYPE_ERROR(20003, "MediaType Error"),
    RESOURCE_NOT_FOUND(20004, "resource not found"),
    RESOURCE_CONFLICT(20005, "resource conflict"),
    PARAMETER_MISMATCH(20009, "parameter mismatch"),
    OVER_CLUSTER_QUOTA(5031, "cluster capacity reach quota"),
    OVER_GROUP_QUOTA(5032, "group capacity reach quota"),
    OVER_TENANT_QUOTA(5033, "tenant capacity reach quota"),
    OVER_MAX_SIZE(5034, "config content size is over limit"),
    SERVICE_NAME_ERROR(21000, "service name error"),
    WEIGHT_ERROR(21001, "weight error"),
    INSTANCE_METADATA_ERROR(21002, "instance metadata error"),
    INSTANCE_NOT_FOUND(21003, "instance not found"),
    INSTANCE_ERROR(21004, "instance error"),
    SERVICE_METADATA_ERROR(21005, "service metadata error"),
    SELECTOR_ERROR(21006, "selector error"),
    SERVICE_ALREADY_EXIST(21007, "service already exist"),
    SERVICE_NOT_EXIST(21008, "service not exist"),
    SERVICE_DELETE_FAILURE(21009, "service delete failure"),
    HEALTHY_PARAM_MISS(21010, "healthy param miss"),
    HEALTH_CHECK_STILL_RUNNING(21011, "health check still running"),
    ILLEGAL_NAMESPACE(22000, "illegal namespace"),
    NAMESPACE_NOT_EXIST(22001, "namespace not exist"),
    NAMESPACE_ALREADY_EXIST(22002, "namespace already exist"),
    ILLEGAL_STATE(23000, "illegal state"),
    NODE_INFO_ERROR(23001, "node info error"),
    SERVER_ERROR(30000, "server error"),
    MCP_SERVER_NOT_FOUND(50000, "MCP server not found"),
    MCP_SERVER_VERSION_NOT_FOUND(50001, "MCP server version not found"),
    MCP_SERVER_VERSION_EXIST(50002, "MCP server version has existed"),
    MCP_SERVER_REF_ENDPOINT_SERVICE_NOT_FOUND(50003, "MCP server ref endpoint service not found"),
    AGENT_NOT_FOUND(50100, "Agent not found"),
    AGENT_VERSION_NOT_FOUND(50101, "Agent version not found"),
    AGENT_VERSION_EXIST(50102, "Agent version already existed"),
    FUZZY_WATCH_PATTERN_OVER_LIMIT(50310, "fuzzy watch pattern over limit"),
    FUZZY_WATCH_PATTERN_MATCH_COUNT_OVER_LIMIT(50311, "fuzzy watch pattern matched count over limit");

    private final int code;
    private final String message;

    ErrorCode(int code, String message) {
        this.code = code;
        this.message = message;
    }

    public int code() {
        return code;
    }

    public String message() {
        return message;
    }
}

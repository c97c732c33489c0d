package com.nacosx.api.exception;

/** The detail codes Nacos 2.x puts in error results (api/model/v2/ErrorCode in the official API). */
public enum ErrorCode {
    PARAMETER_MISSING(10000),
    ACCESS_DENIED(10001),
    DATA_ACCESS_ERROR(10002),
    TENANT_PARAM_ERROR(20001),
    PARAMETER_VALIDATE_ERROR(20002),
    RESOURCE_NOT_FOUND(20004),
    RESOURCE_CONFLICT(20005),
    OVER_MAX_SIZE(5034),
    ILLEGAL_NAMESPACE(22000),
    NAMESPACE_NOT_EXIST(22001),
    NAMESPACE_ALREADY_EXIST(22002),
    SERVER_ERROR(30000);

    private final int code;

    ErrorCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}

package com.nacosx.core.auth;

/** What a request does to a resource, as permissions name it: {@code r}, {@code w}, or both ({@code rw}). */
public enum Action {
    READ("r"), WRITE("w");

    private final String code;

    Action(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** Whether a permission's action ({@code r}, {@code w} or {@code rw}) allows this one. */
    public boolean allowedBy(String granted) {
        return granted != null && granted.contains(code);
    }
}

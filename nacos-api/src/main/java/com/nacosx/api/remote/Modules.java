package com.nacosx.api.remote;

/** The module names requests report in their {@code module} field. */
public final class Modules {

    public static final String INTERNAL = "internal";
    public static final String CONFIG = "config";
    public static final String NAMING = "naming";
    public static final String AI = "ai";

    private Modules() {
    }
}

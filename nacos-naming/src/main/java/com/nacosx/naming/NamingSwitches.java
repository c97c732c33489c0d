package com.nacosx.naming;

import org.springframework.stereotype.Component;

/**
 * The naming switches an operator may flip at run time ({@code PUT /v1/ns/operator/switches}),
 * reported with the fixed ones by {@code GET}. Starts from {@code nacos.naming.*}.
 */
@Component
public class NamingSwitches {

    private volatile boolean lightBeatEnabled;
    private volatile long clientBeatInterval = 5_000;
    private volatile boolean healthCheckEnabled = true;
    private volatile boolean pushEnabled = true;

    public NamingSwitches(NamingProperties properties) {
        this.lightBeatEnabled = properties.beat().lightBeat();
    }

    public boolean lightBeatEnabled() {
        return lightBeatEnabled;
    }

    public long clientBeatInterval() {
        return clientBeatInterval;
    }

    public boolean healthCheckEnabled() {
        return healthCheckEnabled;
    }

    public boolean pushEnabled() {
        return pushEnabled;
    }

    /**
     * Sets one switch.
     *
     * @throws IllegalArgumentException when the entry is unknown or the value unreadable
     */
    public void set(String entry, String value) {
        switch (entry) {
            case "lightBeatEnabled" -> lightBeatEnabled = bool(entry, value);
            case "healthCheckEnabled" -> healthCheckEnabled = bool(entry, value);
            case "pushEnabled" -> pushEnabled = bool(entry, value);
            case "clientBeatInterval" -> {
                try {
                    long millis = Long.parseLong(value.trim());
                    if (millis <= 0) {
                        throw new IllegalArgumentException("switch clientBeatInterval must be positive, got " + value);
                    }
                    clientBeatInterval = millis;
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("switch clientBeatInterval must be a number, got '" + value + "'");
                }
            }
            default -> throw new IllegalArgumentException("switch '" + entry + "' cannot be changed here; "
                    + "changeable: lightBeatEnabled, healthCheckEnabled, pushEnabled, clientBeatInterval, "
                    + "doubleWriteEnabled");
        }
    }

    /** @throws IllegalArgumentException naming the switch when the value is neither true nor false */
    public static boolean bool(String entry, String value) {
        if (!"true".equalsIgnoreCase(value) && !"false".equalsIgnoreCase(value)) {
            throw new IllegalArgumentException("switch " + entry + " must be true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }
}

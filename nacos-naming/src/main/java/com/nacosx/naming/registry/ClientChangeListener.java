package com.nacosx.naming.registry;

/** Told after anything a client publishes changed, or the client went. Must not block. */
public interface ClientChangeListener {

    void clientChanged(String clientId);
}

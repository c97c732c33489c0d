package com.nacosx.naming.registry;

/**
 * Told after anything a client publishes changed, or the client went, on the thread that made the
 * change (a request's, Distro's, a health check's): must not block. A listener that throws is
 * logged and cannot undo or fail the change.
 */
public interface ClientChangeListener {

    void clientChanged(String clientId);
}

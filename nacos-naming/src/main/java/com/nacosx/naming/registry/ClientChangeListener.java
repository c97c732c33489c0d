package com.nacosx.naming.registry;

import com.nacosx.naming.model.ServiceKey;

/**
 * Told after anything a client publishes changed, or the client went, on the thread that made the
 * change (a request's, Distro's, a health check's): must not block. A listener that throws is
 * logged and cannot undo or fail the change.
 */
public interface ClientChangeListener {

    /** @param service the one service the client changed in, or null when the client went */
    void clientChanged(String clientId, ServiceKey service);
}

package com.nacosx.naming.registry;

import com.nacosx.naming.model.ServiceKey;

/**
 * Told after a service's instances or metadata changed, on the thread that made the change (a
 * request's, Distro's, a health check's): must not block. A listener that throws is logged and
 * cannot undo or fail the change.
 */
public interface ServiceChangeListener {

    void serviceChanged(ServiceKey key);
}

package com.nacosx.naming.registry;

import com.nacosx.naming.model.ServiceKey;

/** Told after a service's instances or metadata changed. Must not block. */
public interface ServiceChangeListener {

    void serviceChanged(ServiceKey key);
}

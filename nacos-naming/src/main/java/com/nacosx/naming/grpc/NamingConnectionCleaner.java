package com.nacosx.naming.grpc;

import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionListener;
import com.nacosx.naming.registry.ServiceRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** A gRPC client's ephemeral instances go when its connection goes. */
@Component
public class NamingConnectionCleaner implements ConnectionListener {

    private static final Logger LOG = LoggerFactory.getLogger(NamingConnectionCleaner.class);

    private final ServiceRegistry registry;

    public NamingConnectionCleaner(ServiceRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void disconnected(Connection connection) {
        if (registry.clientIds().contains(connection.id())) {
            LOG.info("[{}] connection closed, removing its instances", connection.id());
            registry.removeClient(connection.id());
        }
    }
}

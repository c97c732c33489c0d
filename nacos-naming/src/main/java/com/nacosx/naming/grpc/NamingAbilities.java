package com.nacosx.naming.grpc;

import com.nacosx.core.remote.ServerAbility;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Tells 2.x clients in the setup ack that persistent instances may be registered over gRPC. */
@Configuration(proxyBeanMethods = false)
public class NamingAbilities {

    @Bean
    public ServerAbility persistentInstanceByGrpc() {
        return new ServerAbility("supportPersistentInstanceByGrpc", true);
    }
}

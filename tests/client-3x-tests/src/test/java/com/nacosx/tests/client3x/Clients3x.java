package com.nacosx.tests.client3x;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.nacosx.testsupport.ServerProcess;
import java.util.Properties;

/** What the 3.x client tests share: the client's settings. */
final class Clients3x {

    private Clients3x() {
    }

    /** A 3.x client of {@code server}; a null namespace leaves it on its default ("public"). */
    static Properties properties(ServerProcess server, String namespace) {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        if (namespace != null) {
            properties.put(PropertyKeyConst.NAMESPACE, namespace);
        }
        return properties;
    }
}

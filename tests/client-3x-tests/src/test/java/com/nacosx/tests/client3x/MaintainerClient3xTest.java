package com.nacosx.tests.client3x;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.model.ConfigBasicInfo;
import com.alibaba.nacos.api.config.model.ConfigDetailInfo;
import com.alibaba.nacos.api.config.model.ConfigHistoryBasicInfo;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.model.Page;
import com.alibaba.nacos.api.model.response.NacosMember;
import com.alibaba.nacos.api.model.response.Namespace;
import com.alibaba.nacos.api.naming.pojo.Instance;
import com.alibaba.nacos.api.naming.pojo.Service;
import com.alibaba.nacos.api.naming.pojo.maintainer.ServiceDetailInfo;
import com.alibaba.nacos.api.naming.pojo.maintainer.ServiceView;
import com.alibaba.nacos.maintainer.client.config.ConfigMaintainerService;
import com.alibaba.nacos.maintainer.client.naming.NamingMaintainerService;
import com.alibaba.nacos.maintainer.client.NacosMaintainerFactory;
import com.alibaba.nacos.maintainer.client.naming.NamingMaintainerFactory;
import com.nacosx.testsupport.ServerAuth;
import com.nacosx.testsupport.ServerProcess;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official nacos-maintainer-client 3.x, as operators script Nacos, against a server with auth
 * on: it logs in over {@code /v3/auth/user/login} and drives the {@code /v3/admin} API.
 */
class MaintainerClient3xTest {

    static ServerProcess server;
    static ConfigMaintainerService configs;
    static NamingMaintainerService naming;

    @BeforeAll
    static void start() throws Exception {
        server = ServerProcess.startStandalone(ServerAuth.enabled());
        ServerAuth.adminToken(server);
        configs = NacosMaintainerFactory.createConfigMaintainerService(properties("nacos", ServerAuth.ADMIN_PASSWORD));
        naming = NamingMaintainerFactory.createNamingMaintainerService(properties("nacos", ServerAuth.ADMIN_PASSWORD));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (naming != null) {
                naming.shutdown();
            }
        } finally {
            server.close();
        }
    }

    static Properties properties(String username, String password) {
        Properties properties = new Properties();
        properties.put(PropertyKeyConst.SERVER_ADDR, server.address());
        properties.put(PropertyKeyConst.USERNAME, username);
        properties.put(PropertyKeyConst.PASSWORD, password);
        return properties;
    }

    @Test
    void namespaces() throws Exception {
        assertTrue(naming.createNamespace("ops-ns", "ops", "made by the maintainer client"));
        assertTrue(naming.checkNamespaceIdExist("ops-ns"));
        assertTrue(naming.updateNamespace("ops-ns", "ops renamed", "desc"));
        Namespace namespace = naming.getNamespace("ops-ns");
        assertEquals("ops renamed", namespace.getNamespaceShowName());
        List<Namespace> all = naming.getNamespaceList();
        assertTrue(all.stream().anyMatch(ns -> "ops-ns".equals(ns.getNamespace())), all.toString());
        assertTrue(naming.deleteNamespace("ops-ns"));
        assertFalse(naming.checkNamespaceIdExist("ops-ns"));
    }

    @Test
    void configsPublishedListedWithHistoryAndDeleted() throws Exception {
        assertTrue(configs.publishConfig("ops.yaml", "DEFAULT_GROUP", "public", "v: 1"));
        assertTrue(configs.publishConfig("ops.yaml", "DEFAULT_GROUP", "public", "v: 2"));
        ConfigDetailInfo detail = configs.getConfig("ops.yaml", "DEFAULT_GROUP", "public");
        assertEquals("v: 2", detail.getContent());
        assertEquals("DEFAULT_GROUP", detail.getGroupName());

        Page<ConfigBasicInfo> found = configs.searchConfigByDetails("ops*", "DEFAULT_GROUP", "", "blur", null, null,
                null, null, 1, 10);
        assertEquals(1, found.getTotalCount());
        assertEquals("ops.yaml", found.getPageItems().get(0).getDataId());

        Page<ConfigHistoryBasicInfo> history = configs.listConfigHistory("ops.yaml", "DEFAULT_GROUP", "public", 1, 10);
        assertEquals(2, history.getTotalCount());
        assertEquals("ops.yaml", history.getPageItems().get(0).getDataId());

        assertTrue(configs.deleteConfig("ops.yaml", "DEFAULT_GROUP", "public"));
        NacosException gone = assertThrows(NacosException.class,
                () -> configs.getConfig("ops.yaml", "DEFAULT_GROUP", "public"));
        assertEquals(404, gone.getErrCode(), gone.getMessage());
    }

    static Service service(String name) {
        Service service = new Service();
        service.setNamespaceId("public");
        service.setGroupName("DEFAULT_GROUP");
        service.setName(name);
        service.setEphemeral(false);
        service.setProtectThreshold(0.3F);
        return service;
    }

    @Test
    void servicesAndInstancesCreatedListedUpdatedTakenOffline() throws Exception {
        assertEquals("ok", naming.createService(service("ops-svc")));
        ServiceDetailInfo detail = naming.getServiceDetail(service("ops-svc"));
        assertEquals(0.3F, detail.getProtectThreshold(), 0.0001);
        assertFalse(detail.isEphemeral());

        Instance instance = new Instance();
        instance.setIp("10.9.0.1");
        instance.setPort(8080);
        instance.setEphemeral(false);
        instance.setWeight(1.0);
        assertEquals("ok", naming.registerInstance(service("ops-svc"), instance));
        List<Instance> listed = naming.listInstances("public", "DEFAULT_GROUP", "ops-svc", null, false);
        assertEquals(1, listed.size());
        assertEquals("10.9.0.1", listed.get(0).getIp());

        instance.setEnabled(false);
        instance.setWeight(3.0);
        assertEquals("ok", naming.updateInstance(service("ops-svc"), instance));
        Instance updated = naming.listInstances("public", "DEFAULT_GROUP", "ops-svc", null, false).get(0);
        assertFalse(updated.isEnabled(), "taken offline");
        assertEquals(3.0, updated.getWeight(), 0.0001);

        Page<ServiceView> services = naming.listServices("public", "DEFAULT_GROUP", "ops-", false, 1, 10);
        assertEquals(1, services.getTotalCount());
        assertEquals("ops-svc", services.getPageItems().get(0).getName());
        assertEquals(1, services.getPageItems().get(0).getIpCount());

        assertEquals("ok", naming.deregisterInstance(service("ops-svc"), instance));
        assertEquals("ok", naming.removeService(service("ops-svc")));
    }

    @Test
    void clusterMembersAndState() throws Exception {
        Collection<NacosMember> members = naming.listClusterNodes(null, null);
        assertEquals(1, members.size());
        assertEquals(server.port(), members.iterator().next().getPort());
        assertEquals("standalone", naming.getServerState().get("startup_mode"));
    }

    @Test
    void aWrongPasswordIsRefused() throws Exception {
        ConfigMaintainerService stranger = NacosMaintainerFactory.createConfigMaintainerService(
                properties("nacos", "not-the-password"));
        NacosException refused = assertThrows(NacosException.class,
                () -> stranger.getConfig("any", "DEFAULT_GROUP", "public"));
        assertTrue(refused.getErrCode() == 401 || refused.getErrCode() == 403, refused.getMessage());
    }
}

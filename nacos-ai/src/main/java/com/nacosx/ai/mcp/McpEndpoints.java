package com.nacosx.ai.mcp;

import com.nacosx.api.naming.Instance;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.service.NamingQueries;
import java.util.List;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where an MCP server is served, read at the time of asking: the instances of the service its
 * endpoint specification refers to (REF), or the address it was given (DIRECT) together with the
 * instances registered for that version by the SDK.
 */
@Component
public class McpEndpoints {

    /** The group of the services that SDK-registered endpoints of a server version go into. */
    public static final String ENDPOINT_GROUP = "mcp-endpoints";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final NamingQueries naming;

    public McpEndpoints(NamingQueries naming) {
        this.naming = naming;
    }

    /** The service endpoints of this version register into ({@code McpServiceRef}). */
    public static ObjectNode serviceRef(String namespaceId, String name, String version, ObjectNode endpoint) {
        ObjectNode ref = JSON.createObjectNode();
        JsonNode data = endpoint == null ? JSON.createObjectNode() : endpoint.path("data");
        boolean refers = endpoint != null && McpSpecs.REF.equals(McpSpecs.text(endpoint, "type"));
        ref.put("namespaceId", refers ? McpSpecs.text(data, "namespaceId") : namespaceId);
        ref.put("groupName", refers ? McpSpecs.text(data, "groupName") : ENDPOINT_GROUP);
        ref.put("serviceName", refers ? McpSpecs.text(data, "serviceName") : name + "::" + version);
        String transport = McpSpecs.text(data, "transportProtocol");
        if (transport != null) {
            ref.put("transportProtocol", transport);
        }
        return ref;
    }

    /** The backend endpoints ({@code McpEndpointInfo}) of a server whose service and endpoint are these. */
    public ArrayNode backend(ObjectNode serviceRef, ObjectNode endpoint, String exportPath) {
        ArrayNode endpoints = JSON.createArrayNode();
        String protocol = McpSpecs.text(serviceRef, "transportProtocol");
        if (endpoint != null && McpSpecs.DIRECT.equals(McpSpecs.text(endpoint, "type"))) {
            JsonNode data = endpoint.path("data");
            add(endpoints, protocol, McpSpecs.text(data, "address"), Integer.parseInt(McpSpecs.text(data, "port")),
                    exportPath, null);
        }
        for (Instance instance : instancesOf(serviceRef)) {
            add(endpoints, protocol, instance.ip, instance.port, exportPath, null);
        }
        return endpoints;
    }

    /**
     * The frontend endpoints of {@code remoteServerConfig.frontEndpointConfigList}: a REF entry's
     * service instances, a DIRECT entry's address, anything else the backend's.
     */
    public ArrayNode frontend(JsonNode frontConfigs, ArrayNode backend) {
        ArrayNode endpoints = JSON.createArrayNode();
        if (!frontConfigs.isArray()) {
            return endpoints;
        }
        for (JsonNode config : frontConfigs) {
            String type = McpSpecs.text(config, "endpointType");
            String protocol = McpSpecs.text(config, "protocol");
            String path = McpSpecs.text(config, "path");
            JsonNode headers = config.path("headers");
            JsonNode data = config.path("endpointData");
            if (McpSpecs.REF.equals(type) && data.isObject()) {
                for (Instance instance : instancesOf(data)) {
                    add(endpoints, protocol, instance.ip, instance.port, path, headers);
                }
            } else if (McpSpecs.DIRECT.equals(type) && data.isString()) {
                String address = data.asString();
                int colon = address.lastIndexOf(':');
                if (colon > 0 && address.substring(colon + 1).matches("\\d{1,5}")) {
                    add(endpoints, protocol, address.substring(0, colon),
                            Integer.parseInt(address.substring(colon + 1)), path, headers);
                } else {
                    add(endpoints, protocol, address, "http".equals(protocol) ? 80 : 443, path, headers);
                }
            } else {
                endpoints.addAll(backend);
            }
        }
        return endpoints;
    }

    private List<Instance> instancesOf(JsonNode ref) {
        String service = McpSpecs.text(ref, "serviceName");
        if (service == null) {
            return List.of();
        }
        return naming.hosts(ServiceKey.of(McpSpecs.text(ref, "namespaceId"), McpSpecs.text(ref, "groupName"), service))
                .stream().filter(instance -> instance.healthy && instance.enabled).toList();
    }

    private static void add(ArrayNode endpoints, String protocol, String address, int port, String path,
            JsonNode headers) {
        ObjectNode endpoint = endpoints.addObject();
        if (protocol != null) {
            endpoint.put("protocol", protocol);
        }
        endpoint.put("address", address);
        endpoint.put("port", port);
        if (path != null) {
            endpoint.put("path", path);
        }
        if (headers != null && headers.isArray()) {
            endpoint.set("headers", headers);
        }
    }
}

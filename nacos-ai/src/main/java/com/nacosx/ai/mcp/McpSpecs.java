package com.nacosx.ai.mcp;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import java.util.Set;
import java.util.UUID;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and checks what a writer sends for an MCP server, from the HTTP form's JSON texts or the
 * gRPC request's objects. Anything wrong is refused as a whole with the official error and a reason,
 * before anything is stored.
 */
public final class McpSpecs {

    public static final String STDIO = "stdio";
    public static final String REF = "REF";
    public static final String DIRECT = "DIRECT";
    static final Set<String> PROTOCOLS = Set.of(STDIO, "mcp-sse", "mcp-streamable", "http", "dubbo");
    private static final Set<String> SCHEMA_TYPES = Set.of("object", "array", "string", "number", "integer",
            "boolean", "null");
    private static final String UNPARSEABLE = "serverSpecification or toolSpecification is invalid. Can't be parsed.";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private McpSpecs() {
    }

    /** The texts of the admin and console forms. */
    public static McpRelease fromForm(String mcpName, String server, String tools, String endpoint) {
        if (server == null || server.isBlank()) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter 'serverSpecification' type McpServerBasicInfo is not present");
        }
        return of(mcpName, parse(server), blank(tools) ? null : parse(tools), blank(endpoint) ? null : parse(endpoint),
                false);
    }

    /**
     * The objects of a gRPC release or an import.
     *
     * @param autoEndpoint whether a remote server sent without endpoint specification is served by the
     *                     service its endpoints register into, as the SDK's release expects
     */
    public static McpRelease of(String mcpName, JsonNode server, JsonNode tools, JsonNode endpoint,
            boolean autoEndpoint) {
        ObjectNode serverSpec = object(server);
        if (serverSpec == null) {
            throw invalid(UNPARSEABLE);
        }
        String name = text(serverSpec, "name");
        if (name == null) {
            name = mcpName;
        }
        if (blank(name)) {
            throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                    "Required parameter 'serverSpecification.name' type String is not present");
        }
        serverSpec.put("name", name);
        String version = text(serverSpec.path("versionDetail"), "version");
        if (version == null) {
            version = text(serverSpec, "version");
        }
        if (version == null) {
            throw invalid("Version must be specified in parameter `serverSpecification`");
        }
        String protocol = text(serverSpec, "protocol");
        if (protocol == null || !PROTOCOLS.contains(protocol.toLowerCase())) {
            throw invalid("serverSpecification.protocol must be one of " + PROTOCOLS + ", but was " + protocol);
        }
        String id = text(serverSpec, "id");
        if (id != null && !isUuid(id)) {
            throw invalid("parameter `serverSpecification.id` is not match uuid pattern,  must obey uuid pattern");
        }
        ObjectNode toolSpec = tools == null || tools.isNull() ? null : object(tools);
        if (tools != null && !tools.isNull() && toolSpec == null) {
            throw invalid(UNPARSEABLE);
        }
        if (toolSpec != null) {
            checkTools(toolSpec);
        }
        ObjectNode endpointSpec = null;
        if (!STDIO.equalsIgnoreCase(protocol)) {
            endpointSpec = endpoint == null || endpoint.isNull() ? null : object(endpoint);
            if (endpointSpec == null && !autoEndpoint) {
                throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                        "request parameter `endpointSpecification` is required if mcp server type not `local`.");
            }
            if (endpointSpec != null) {
                checkEndpoint(endpointSpec);
            }
        }
        return new McpRelease(name, id, version, protocol.toLowerCase(), serverSpec, toolSpec, endpointSpec);
    }

    /** Each tool needs a name, and its input schema must be a JSON Schema of an object, as MCP has it. */
    private static void checkTools(ObjectNode toolSpec) {
        JsonNode tools = toolSpec.path("tools");
        if (tools.isMissingNode() || tools.isNull()) {
            return;
        }
        if (!tools.isArray()) {
            throw invalid("toolSpecification.tools must be an array of tools");
        }
        for (JsonNode tool : tools) {
            String name = text(tool, "name");
            if (name == null) {
                throw invalid("every tool in toolSpecification.tools needs a `name`");
            }
            checkSchema(name, "inputSchema", tool.path("inputSchema"), true);
            checkSchema(name, "outputSchema", tool.path("outputSchema"), false);
        }
    }

    private static void checkSchema(String tool, String field, JsonNode schema, boolean objectRequired) {
        if (schema.isMissingNode() || schema.isNull()) {
            return;
        }
        String where = "tool `" + tool + "`: " + field;
        if (!schema.isObject()) {
            throw invalid(where + " is not a JSON Schema: it must be an object");
        }
        JsonNode type = schema.path("type");
        if (objectRequired && !"object".equals(type.asString(null))) {
            throw invalid(where + " is not a JSON Schema of an object: its `type` must be \"object\"");
        }
        checkSchemaNode(where, schema);
    }

    /** The keywords a tool schema relies on, checked through nested properties and items. */
    private static void checkSchemaNode(String where, JsonNode schema) {
        if (!schema.isObject()) {
            throw invalid(where + " is not a JSON Schema: a schema must be an object");
        }
        JsonNode type = schema.path("type");
        if (!type.isMissingNode()) {
            boolean known = type.isString() ? SCHEMA_TYPES.contains(type.asString())
                    : type.isArray() && type.valueStream().allMatch(each -> SCHEMA_TYPES.contains(each.asString("")));
            if (!known) {
                throw invalid(where + " is not a JSON Schema: `type` " + type + " is not one of " + SCHEMA_TYPES);
            }
        }
        JsonNode properties = schema.path("properties");
        if (!properties.isMissingNode()) {
            if (!properties.isObject()) {
                throw invalid(where + " is not a JSON Schema: `properties` must be an object");
            }
            properties.properties().forEach(entry -> checkSchemaNode(where + "." + entry.getKey(), entry.getValue()));
        }
        JsonNode required = schema.path("required");
        if (!required.isMissingNode()
                && (!required.isArray() || !required.valueStream().allMatch(JsonNode::isString))) {
            throw invalid(where + " is not a JSON Schema: `required` must be an array of property names");
        }
        JsonNode items = schema.path("items");
        if (!items.isMissingNode() && !items.isBoolean()) {
            checkSchemaNode(where + "[]", items);
        }
    }

    private static void checkEndpoint(ObjectNode endpoint) {
        String type = text(endpoint, "type");
        JsonNode data = endpoint.path("data");
        if (REF.equalsIgnoreCase(type)) {
            if (text(data, "namespaceId") == null || text(data, "groupName") == null
                    || text(data, "serviceName") == null) {
                throw new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_MISSING,
                        "`namespaceId`, `groupName`, `serviceName` should be in remoteServerConfig data if type is `REF`");
            }
        } else if (DIRECT.equalsIgnoreCase(type)) {
            String port = text(data, "port");
            if (text(data, "address") == null || port == null || !port.matches("\\d{1,5}")
                    || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                throw invalid("endpointSpecification of type DIRECT needs data.address and a data.port"
                        + " between 1 and 65535");
            }
        } else {
            throw invalid("endpointSpecification.type must be REF or DIRECT, but was " + type);
        }
        endpoint.put("type", type.toUpperCase());
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isNull() || value.isMissingNode() || value.isContainer()) {
            return null;
        }
        String text = value.asString();
        return text.isBlank() ? null : text;
    }

    private static ObjectNode parse(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            ObjectNode object = object(node);
            if (object == null) {
                throw invalid(UNPARSEABLE);
            }
            return object;
        } catch (JacksonException e) {
            throw invalid(UNPARSEABLE);
        }
    }

    private static ObjectNode object(JsonNode node) {
        return node != null && node.isObject() ? ((ObjectNode) node).deepCopy() : null;
    }

    private static boolean isUuid(String text) {
        try {
            return UUID.fromString(text).toString().equalsIgnoreCase(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    static NacosException invalid(String why) {
        return new NacosException(NacosException.BAD_REQUEST, ErrorCode.PARAMETER_VALIDATE_ERROR, why);
    }
}

package com.nacosx.naming.distro;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.naming.Instance;
import com.nacosx.api.remote.distro.DistroClient;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.api.remote.distro.DistroDataResponse;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** A peer's Distro request on the cluster port. */
@Component
public class DistroDataRequestHandler implements RequestHandler<DistroDataRequest> {

    private final DistroProtocol distro;

    public DistroDataRequestHandler(DistroProtocol distro) {
        this.distro = distro;
    }

    @Override
    public Class<DistroDataRequest> requestType() {
        return DistroDataRequest.class;
    }

    @Override
    public boolean peersOnly() {
        return true;
    }

    @Override
    public Response handle(DistroDataRequest request, RequestMeta meta) {
        validate(request);
        return distro.handle(request);
    }

    /**
     * Refuses a request missing what its operation reads, naming it, before any of it is applied.
     *
     * @throws NacosException 400
     */
    static void validate(DistroDataRequest request) {
        require(request.dataOperation, "dataOperation");
        require(request.source, "source");
        switch (request.dataOperation) {
            case DistroDataRequest.CHANGE, DistroDataRequest.PATCH -> {
                List<DistroClient> clients = require(request.clients, "clients");
                for (int i = 0; i < clients.size(); i++) {
                    validate(require(clients.get(i), "clients[" + i + "]"), "clients[" + i + "]");
                }
            }
            case DistroDataRequest.DELETE -> {
                requireEach(request.clientIds, "clientIds");
                require(request.revisions, "revisions");
            }
            case DistroDataRequest.QUERY -> requireEach(request.clientIds, "clientIds");
            case DistroDataRequest.VERIFY -> {
                Map<String, Long> revisions = require(request.revisions, "revisions");
                if (revisions.containsKey(null) || revisions.containsValue(null)) {
                    throw NacosException.badRequest("Parameter 'revisions' of a Distro VERIFY lists a null client id "
                            + "or revision");
                }
            }
            default -> {
                // SNAPSHOT reads nothing more; an unknown operation is refused by the protocol, by name.
            }
        }
    }

    private static void validate(DistroClient client, String name) {
        require(client.clientId, name + ".clientId");
        List<DistroClient.Published> published = require(client.published, name + ".published");
        for (int i = 0; i < published.size(); i++) {
            String entryName = name + ".published[" + i + "]";
            DistroClient.Published entry = require(published.get(i), entryName);
            require(entry.groupName, entryName + ".groupName");
            require(entry.serviceName, entryName + ".serviceName");
            List<Instance> instances = require(entry.instances, entryName + ".instances");
            for (int j = 0; j < instances.size(); j++) {
                require(require(instances.get(j), entryName + ".instances[" + j + "]").ip,
                        entryName + ".instances[" + j + "].ip");
            }
        }
    }

    private static void requireEach(List<String> values, String name) {
        List<String> listed = require(values, name);
        for (int i = 0; i < listed.size(); i++) {
            require(listed.get(i), name + "[" + i + "]");
        }
    }

    private static <T> T require(T value, String name) {
        if (value == null) {
            throw NacosException.missingParameter(name);
        }
        return value;
    }

    /** Off the event loop: a verify or snapshot can carry tens of thousands of clients. */
    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response failure() {
        return new DistroDataResponse();
    }
}

package com.nacosx.naming.distro;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.api.remote.distro.DistroDataResponse;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;
import org.springframework.stereotype.Component;

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
        if (request.dataOperation == null || request.source == null) {
            throw NacosException.missingParameter(request.dataOperation == null ? "dataOperation" : "source");
        }
        return distro.handle(request);
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

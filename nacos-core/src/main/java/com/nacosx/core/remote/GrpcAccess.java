package com.nacosx.core.remote;

import com.nacosx.api.remote.config.AbstractConfigRequest;
import com.nacosx.api.remote.config.ConfigBatchListenRequest;
import com.nacosx.api.remote.naming.AbstractNamingRequest;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.auth.Resource;

/** The {@link Access} of the SDK's config and naming requests: the resource from the request's fields. */
public final class GrpcAccess {

    private GrpcAccess() {
    }

    public static <R extends AbstractConfigRequest> Access<R> config(Action action) {
        return Access.to(action, request -> Resource.of(request.tenant, request.group, Resource.CONFIG, request.dataId));
    }

    /** Reading every config the batch listens to. */
    public static Access<ConfigBatchListenRequest> listen() {
        return Access.toEach(Action.READ, request -> request.configListenContexts.stream()
                .map(context -> Resource.of(context.tenant, context.group, Resource.CONFIG, context.dataId)).toList());
    }

    public static <R extends AbstractNamingRequest> Access<R> naming(Action action) {
        return Access.to(action, request -> Resource.of(request.namespace, request.groupName, Resource.NAMING,
                request.serviceName));
    }
}

package com.nacosx.naming.http;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.http.HttpExchange;
import com.nacosx.core.http.HttpRoutes;
import com.nacosx.core.http.RouteFilter;
import com.nacosx.core.readiness.ServerReadiness;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * While this node is not ready (its Distro data or Raft groups still loading), the 1.x naming
 * API ({@code /v1/ns/*}) answers clients 503 "server is STARTING now", as an official node does
 * until its data is loaded, and "server is STOPPING now" once it begins to stop (its peers were
 * told it is DOWN and serve its clients from then on). The 1.x client sends the request on to its
 * next server at once, instead of waiting on a node that loads on busy cores, or being served from
 * data that is not all there yet. Peers' requests go through: a request passed on over the
 * cluster port, and a 1.x node's (its {@code User-Agent} is {@code Nacos-Server:<version>}); they
 * are part of the loading, and a beat a peer passes on is kept until the node is ready.
 */
@Component
public class StartingNodeFilter implements RouteFilter, Ordered {

    private final ServerReadiness readiness;

    public StartingNodeFilter(ServerReadiness readiness) {
        this.readiness = readiness;
    }

    /** Before auth: a starting node spends nothing on the requests it sends elsewhere. */
    @Override
    public int getOrder() {
        return -1;
    }

    @Override
    public NacosException refuse(HttpRoutes.Route route, HttpExchange exchange) {
        if (readiness.isReady() || !exchange.path().startsWith("/v1/ns/") || exchange.isPassedOn()
                || exchange.isFromServer()) {
            return null;
        }
        String state = readiness.isStopping() ? "server is STOPPING now" : "server is STARTING now, please try again "
                + "later! (waiting for " + readiness.closedGates() + ")";
        return NacosException.unavailable(state + "; another server of the cluster can serve this request");
    }
}

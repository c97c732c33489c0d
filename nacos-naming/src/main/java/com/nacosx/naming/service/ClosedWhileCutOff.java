package com.nacosx.naming.service;

import com.nacosx.core.cluster.Member;
import com.nacosx.core.cluster.MemberChangeListener;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.naming.registry.ServiceRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The 2.x clients whose connection closed while this node was cut off from the cluster: their
 * instances stay listed here until the node reaches its peers again. Cut off, the node sends its
 * clients to the other nodes ({@code CutOffClients}), where they register again; it cannot hear
 * that, and removing them would leave holes in what it answers for the rest of the cut. Once it
 * hears its peers, it removes them, and Distro brings what the other nodes hold.
 */
@Component
public class ClosedWhileCutOff implements MemberChangeListener {

    private static final Logger LOG = LoggerFactory.getLogger(ClosedWhileCutOff.class);

    private final ServerMemberManager members;
    private final ServiceRegistry registry;
    private final Set<String> held = ConcurrentHashMap.newKeySet();

    public ClosedWhileCutOff(ServerMemberManager members, ServiceRegistry registry) {
        this.members = members;
        this.registry = registry;
    }

    /** Whether the closed connection's client is held (this node is cut off) rather than to be removed now. */
    boolean hold(String clientId) {
        if (!members.isCutOff()) {
            return false;
        }
        held.add(clientId);
        // The node may have reached its peers again meanwhile: then nothing would release it.
        if (!members.isCutOff()) {
            release();
        }
        return true;
    }

    @Override
    public void membersChanged(List<Member> all) {
        if (!members.isCutOff()) {
            release();
        }
    }

    private void release() {
        List<String> released = List.copyOf(held);
        if (released.isEmpty()) {
            return;
        }
        LOG.info("reaching the cluster again: removing the instances of {} connections closed while cut off",
                released.size());
        for (String clientId : released) {
            held.remove(clientId);
            registry.removeClient(clientId);
        }
    }
}

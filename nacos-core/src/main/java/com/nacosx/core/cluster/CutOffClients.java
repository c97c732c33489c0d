package com.nacosx.core.cluster;

import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionManager;
import com.nacosx.core.util.BackgroundRounds;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Sends the 2.x clients of a node cut off from the majority of its cluster to the other nodes. Cut
 * off, the node can take no config or persistent write, serves what it last had, and its peers,
 * hearing nothing of its clients, drop their instances after the Distro expiry although the
 * applications run (found by the fault tests: a follower cut from its peers, clients reaching all
 * three; its clients' instances vanished from the other two nodes for the rest of the cut).
 * <p>
 * Once the node has been cut off for {@link #GRACE_MILLIS} it asks each client connected since
 * before the cut, as soon as it hears from it, to reconnect (a {@code ConnectResetRequest} without
 * a target: the SDK takes the next server of its list), once: a client that cannot reach another
 * node comes back and stays, as there is nowhere better for it.
 */
@Component
public class CutOffClients extends BackgroundRounds implements MemberChangeListener {

    private static final Logger LOG = LoggerFactory.getLogger(CutOffClients.class);
    /** Longer than a report or two that fail on a busy host, short beside the Distro expiry (16 s). */
    static final long GRACE_MILLIS = 4000;

    private final ServerMemberManager members;
    private final ConnectionManager connections;
    /** When this node found itself cut off, 0 while it reaches a majority. */
    private volatile long cutOffSince;
    /** The connections asked to move during this cut. */
    private final Set<String> moved = ConcurrentHashMap.newKeySet();

    public CutOffClients(ServerMemberManager members, ConnectionManager connections) {
        super("cut-off-clients");
        this.members = members;
        this.connections = connections;
    }

    @Override
    public synchronized void membersChanged(List<Member> all) {
        boolean cutOff = members.isCutOff();
        if (cutOff && cutOffSince == 0) {
            long since = System.currentTimeMillis();
            cutOffSince = since;
            moved.clear();
            LOG.warn("[cluster] this node reaches no majority of its {} members: cut off; its clients go elsewhere "
                    + "in {} ms", all.size(), GRACE_MILLIS);
            after(GRACE_MILLIS, TimeUnit.MILLISECONDS, () -> moveClients(since));
        } else if (!cutOff && cutOffSince != 0) {
            cutOffSince = 0;
            LOG.info("[cluster] this node reaches a majority of the cluster again");
        }
    }

    /**
     * Asks the clients connected since before the cut that have been heard from since it began to
     * reconnect elsewhere, then looks again every second while the cut lasts. One not heard from
     * cannot reach this node either (a cut from everything): a request to it would wait in the
     * dead link and reach it after the heal, when it had moved by itself, and move it once more.
     */
    private void moveClients(long since) {
        if (!isRunning() || cutOffSince != since) {
            return;
        }
        List<Connection> heard = connections.all().stream()
                .filter(connection -> connection.meta().isSdk() && connection.meta().createTime() < since
                        && connection.lastActiveTime() > since && moved.add(connection.id())).toList();
        if (!heard.isEmpty()) {
            LOG.warn("[cluster] cut off: asking {} clients to reconnect to another node", heard.size());
            heard.forEach(connection -> connections.reset(connection, null));
        }
        after(1, TimeUnit.SECONDS, () -> moveClients(since));
    }

    @Override
    protected void scheduleRounds() {
        // nothing runs on its own: a cut sets off the one move
    }
}

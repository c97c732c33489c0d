package com.nacosx.naming.distro;

import com.nacosx.naming.model.ServiceKey;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * This node's clients changed since the last sync, each with the services it changed in, and the
 * revision each was last sent at. A client the peers hold at that revision is sent as a patch of
 * those services alone: a 2.x application publishes in hundreds of services on one connection,
 * and sending all of them for every registration made the register storm cost each node several
 * times the registration itself.
 */
final class ChangesToSync {

    /** The services a client changed in; null: all of them, the client is sent whole. */
    record Change(Set<ServiceKey> services) {

        boolean whole() {
            return services == null;
        }
    }

    private final Map<String, Change> unsent = new ConcurrentHashMap<>();
    private final Map<String, Long> sentRevisions = new ConcurrentHashMap<>();

    /**
     * Noted before the change's revision is: a sync that reads a client's revision and then takes
     * its changes sends every change made at or before that revision.
     *
     * @param service the service it changed in; null when it is to be sent whole
     */
    void changed(String clientId, ServiceKey service) {
        // The set is only touched under the map's lock for the client, and after take() by its one reader.
        unsent.compute(clientId, (id, change) -> {
            if (service == null || (change != null && change.whole())) {
                return new Change(null);
            }
            Change next = change == null ? new Change(new HashSet<>()) : change;
            next.services().add(service);
            return next;
        });
    }

    /** The clients changed since their changes were last taken. */
    List<String> changedClients() {
        return List.copyOf(unsent.keySet());
    }

    /** The client's changes since they were last taken, or null when there are none. */
    Change take(String clientId) {
        return unsent.remove(clientId);
    }

    boolean isEmpty() {
        return unsent.isEmpty();
    }

    /** The revision the client was last sent at, or null when the peers may not hold it. */
    Long sentRevision(String clientId) {
        return sentRevisions.get(clientId);
    }

    void sent(String clientId, long revision) {
        sentRevisions.put(clientId, revision);
    }

    /** The client is no longer this node's to send: removed, or a peer's now. */
    void forget(String clientId) {
        sentRevisions.remove(clientId);
    }

    /** Forgets the sent revisions of clients no longer among {@code local}. */
    void retainOnly(Set<String> local) {
        sentRevisions.keySet().retainAll(local);
    }
}

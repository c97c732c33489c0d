package com.nacosx.naming.distro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.remote.distro.DistroClient;
import com.nacosx.api.remote.distro.DistroDataRequest;
import com.nacosx.api.remote.distro.DistroDataResponse;
import com.nacosx.core.auth.AuthSettings;
import com.nacosx.core.cluster.ClusterSettings;
import com.nacosx.core.cluster.ServerMemberManager;
import com.nacosx.core.cluster.remote.LegacyPeerHttp;
import com.nacosx.core.cluster.remote.PeerClients;
import com.nacosx.core.http.HttpServerProperties;
import com.nacosx.core.readiness.LoadProgress;
import com.nacosx.core.readiness.ServerReadiness;
import com.nacosx.naming.model.InstanceRecord;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.ClientIds;
import com.nacosx.naming.registry.ServiceRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

/**
 * One node's side of Distro, in process: what a peer's requests do to this node's registry, and
 * which clients this node answers for. Nothing is started, so nothing is sent.
 */
class DistroProtocolTest {

    static final ServiceKey KEY = new ServiceKey("public", "DEFAULT_GROUP", "svc");
    static final String PEER = "127.0.0.1:8850";

    final ServiceRegistry registry = new ServiceRegistry();
    final DistroProtocol distro;

    DistroProtocolTest() {
        distro = node(8848, registry);
    }

    /** This node's Distro on {@code port} of 127.0.0.1, in a cluster with {@link #PEER}, over the registry. */
    static DistroProtocol node(int port, ServiceRegistry registry) {
        ClusterSettings settings = new ClusterSettings(false, "127.0.0.1", port, 3, "127.0.0.1:8848," + PEER, "file",
                "", 0, "", Path.of("cluster.conf"));
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        AuthSettings auth = AuthSettings.from(new StandardEnvironment());
        PeerClients peers = new PeerClients(settings, auth);
        LegacyPeerHttp legacyPeers = new LegacyPeerHttp(new HttpServerProperties(null, null, null, null, null), auth);
        DistroProtocol node = new DistroProtocol(registry, new ServerMemberManager(settings, peers, legacyPeers,
                new ServerReadiness()), peers, new ServerReadiness(), settings, meters, new LoadProgress(meters));
        registry.addClientListener(node);
        return node;
    }

    static InstanceRecord instance(String ip) {
        return new InstanceRecord(ip, 8080, "DEFAULT", 1.0, true, true, true, Map.of());
    }

    static DistroDataRequest request(String operation, String source) {
        DistroDataRequest request = new DistroDataRequest();
        request.dataOperation = operation;
        request.source = source;
        return request;
    }

    static DistroDataRequest change(String source, String clientId, long revision, InstanceRecord... instances) {
        DistroDataRequest change = request(DistroDataRequest.CHANGE, source);
        change.clients.add(DistroCodec.encode(clientId, revision, Map.of(KEY, List.of(instances))));
        return change;
    }

    List<String> answeredFor(String operation, String... clientIds) {
        DistroDataRequest request = request(operation, PEER);
        request.clientIds.addAll(List.of(clientIds));
        return ((DistroDataResponse) distro.handle(request)).clients.stream().map(client -> client.clientId).toList();
    }

    @Test
    void aPeersClientIsHeldAsAReplicaAndNeverAnsweredForHere() {
        distro.handle(change(PEER, "conn-peer", 7, instance("10.0.0.1")));
        assertEquals(1, registry.get(KEY).instanceCount());
        assertTrue(distro.isReplica("conn-peer"));
        assertEquals(List.of(), answeredFor(DistroDataRequest.SNAPSHOT));
        assertEquals(List.of(), answeredFor(DistroDataRequest.QUERY, "conn-peer"));
    }

    @Test
    void aLocalClientIsAnsweredForWithWhatItPublishes() {
        registry.publish("conn-local", KEY, true, List.of(instance("10.0.0.2")));
        assertFalse(distro.isReplica("conn-local"));
        DistroDataRequest query = request(DistroDataRequest.QUERY, PEER);
        query.clientIds.add("conn-local");
        DistroClient answered = ((DistroDataResponse) distro.handle(query)).clients.get(0);
        assertEquals(Map.of(KEY, List.of(instance("10.0.0.2"))), DistroCodec.decode(answered));
        assertEquals(List.of("conn-local"), answeredFor(DistroDataRequest.SNAPSHOT));
    }

    @Test
    void onlyTheOwnerOfAReplicaCanDeleteIt() {
        distro.handle(change(PEER, "conn-peer", 1, instance("10.0.0.3")));
        DistroDataRequest forged = request(DistroDataRequest.DELETE, "127.0.0.1:8860");
        forged.clientIds.add("conn-peer");
        distro.handle(forged);
        assertEquals(1, registry.get(KEY).instanceCount());
        DistroDataRequest delete = request(DistroDataRequest.DELETE, PEER);
        delete.clientIds.add("conn-peer");
        distro.handle(delete);
        assertEquals(0, registry.get(KEY).instanceCount());
        assertFalse(distro.isReplica("conn-peer"));
        assertEquals(List.of(), answeredFor(DistroDataRequest.SNAPSHOT), "its removal is not taken for a local change");
    }

    static DistroDataRequest delete(String source, String clientId, long revision) {
        DistroDataRequest delete = request(DistroDataRequest.DELETE, source);
        delete.clientIds.add(clientId);
        delete.revisions.put(clientId, revision);
        return delete;
    }

    @Test
    void aChangeThatArrivesAfterANewerOneIsNotTaken() {
        distro.handle(change(PEER, "conn-peer", 5, instance("10.0.0.20")));
        distro.handle(change(PEER, "conn-peer", 3, instance("10.0.0.21")));
        assertEquals(1, registry.get(KEY).instanceCount());
        assertTrue(registry.get(KEY).find("10.0.0.20", 8080, "DEFAULT") != null, "the newer copy stays");
    }

    @Test
    void aChangeMadeBeforeTheClientsRemovalNeverBringsItBack() {
        String clientId = "10.0.0.22:8080#true";
        distro.handle(delete(PEER, clientId, 10));
        distro.handle(change(PEER, clientId, 9, instance("10.0.0.22")));
        assertNull(registry.get(KEY), "the change was made before the removal and came after it");
        assertTrue(distro.changedSince(clientId, 10), "the removal is remembered");
        assertFalse(distro.changedSince(clientId, 11));
        distro.handle(change(PEER, clientId, 11, instance("10.0.0.22")));
        assertEquals(1, registry.get(KEY).instanceCount(), "registered again after its removal");
    }

    @Test
    void aNewerRemovalFromTheNodeAClientMovedToDropsThePreviousOwnersCopy() {
        String clientId = "10.0.0.23:8080#true";
        distro.handle(change(PEER, clientId, 5, instance("10.0.0.23")));
        distro.handle(delete("127.0.0.1:8860", clientId, 4));
        assertEquals(1, registry.get(KEY).instanceCount(), "an older removal leaves the newer copy");
        distro.handle(delete("127.0.0.1:8860", clientId, 6));
        assertEquals(0, registry.get(KEY).instanceCount());
        assertFalse(distro.isReplica(clientId));
    }

    @Test
    void aNewerRemovalFromAPeerDropsTheClientThisNodeHeldAsItsOwnWithoutReplicatingIt() {
        String clientId = "10.0.0.24:8080#true";
        registry.publish(clientId, KEY, true, List.of(instance("10.0.0.24")));
        distro.handle(delete(PEER, clientId, revisionOf(clientId) + 1));
        assertEquals(0, registry.get(KEY).instanceCount());
        assertEquals(List.of(), answeredFor(DistroDataRequest.SNAPSHOT), "its removal is not taken for a local change");
    }

    DistroDataRequest verify(String owner, Map<String, Long> revisions) {
        DistroDataRequest verify = request(DistroDataRequest.VERIFY, owner);
        verify.revisions.putAll(revisions);
        return verify;
    }

    @Test
    void aReplicaItsOwnersVerifyNoLongerListsTwiceInARowIsDropped() {
        String owner = "127.0.0.9:8848";
        distro.handle(change(owner, "conn-a", 1, instance("10.0.0.4")));
        distro.handle(change(owner, "conn-b", 1, instance("10.0.0.5")));
        distro.handle(verify(owner, Map.of("conn-a", 1L)));
        assertTrue(distro.isReplica("conn-b"), "one round that does not list it may be a hand-over's");
        distro.handle(verify(owner, Map.of("conn-a", 1L)));
        assertTrue(distro.isReplica("conn-a"));
        assertFalse(distro.isReplica("conn-b"));
        assertNull(registry.get(KEY).find("10.0.0.5", 8080, "DEFAULT"));
    }

    @Test
    void aClientFetchedFromTheNodeThatGaveItUpStaysOnceTheNodeThatTookItListsIt() {
        String gaveUp = "127.0.0.9:8848";
        String clientId = "10.0.3.191:8080#true";
        distro.loadSnapshot(gaveUp, List.of(DistroCodec.encode(clientId, 4, Map.of(KEY, List.of(
                instance("10.0.3.191"))))));
        distro.handle(verify(gaveUp, Map.of()));
        assertEquals(1, registry.get(KEY).instanceCount(), "still listed after the first round without it");
        assertEquals(List.of(clientId), distro.staleReplicas(PEER, Map.of(clientId, 9L)),
                "the node that took it lists it: fetched from there");
        distro.handle(change(PEER, clientId, 9, instance("10.0.3.191")));
        distro.handle(verify(gaveUp, Map.of()));
        distro.handle(verify(gaveUp, Map.of()));
        assertTrue(distro.isReplica(clientId), "the node that gave it up no longer drops it");
        assertEquals(1, registry.get(KEY).instanceCount());
    }

    @Test
    void aClientThisNodeTookOverIsNotFetchedBackWhileItsPreviousOwnerStillListsIt() {
        String clientId = "10.0.0.7:8080#true";
        distro.handle(change(PEER, clientId, 3, instance("10.0.0.7")));
        assertEquals(List.of(), distro.staleReplicas(PEER, Map.of(clientId, 3L)), "a replica as listed is current");
        assertEquals(List.of("conn-unknown"), distro.staleReplicas(PEER, Map.of("conn-unknown", 1L)));
        distro.claim("10.0.0.7", 8080);
        assertEquals(List.of(), distro.staleReplicas(PEER, Map.of(clientId, 3L)));
        assertFalse(distro.isReplica(clientId));
        assertEquals(List.of(clientId), answeredFor(DistroDataRequest.SNAPSHOT));
    }

    @Test
    void aPeersSnapshotLoadedWhileStartingKeepsWhatItsSyncsBroughtMeanwhile() {
        String other = "127.0.0.9:8848";
        distro.handle(change(PEER, "conn-changed", 9, instance("10.0.0.8"), instance("10.0.0.9")));
        DistroClient older = DistroCodec.encode("conn-changed", 5, Map.of(KEY, List.of(instance("10.0.0.8"))));
        DistroClient unsynced = DistroCodec.encode("conn-quiet", 2, Map.of(KEY, List.of(instance("10.0.0.10"))));
        distro.loadSnapshot(PEER, List.of(older, unsynced));
        assertEquals(3, registry.get(KEY).instanceCount(), "the sync's two instances and the snapshot's other one");
        assertTrue(distro.isReplica("conn-quiet"));

        Map<String, Long> listed = Map.of("conn-changed", 9L, "conn-quiet", 2L);
        distro.handle(verify(PEER, listed));
        assertEquals(List.of(), distro.staleReplicas(PEER, listed), "held as the peer last wrote them");
        distro.loadSnapshot(other, List.of(DistroCodec.encode("conn-changed", 1, Map.of())));
        assertEquals(3, registry.get(KEY).instanceCount(), "a second snapshot replaces nothing either");
    }

    /**
     * Two starting nodes both took a 1.x member's instance over, and their syncs crossed: the one
     * that took it last keeps it, on both nodes, so it is listed and not dropped by either.
     */
    @Test
    void aClientTwoNodesMadeTheirsAtOnceStaysWithTheNodeThatMadeItTheirsLast() {
        String earlier = "10.0.0.11:8080#true";
        String later = "10.0.0.12:8080#true";
        registry.publish(earlier, KEY, true, List.of(instance("10.0.0.11")));
        registry.publish(later, KEY, true, List.of(instance("10.0.0.12")));
        long ours = revisionOf(earlier);

        distro.handle(change(PEER, earlier, ours + 1_000, instance("10.0.0.11")));
        distro.handle(change(PEER, later, ours - 1_000, instance("10.0.0.12")));
        assertTrue(distro.isReplica(earlier), "the peer made it its own after this node did");
        assertFalse(distro.isReplica(later), "this node made it its own after the peer did");
        assertEquals(List.of(later), answeredFor(DistroDataRequest.SNAPSHOT));
        assertEquals(2, registry.get(KEY).instanceCount());
    }

    long revisionOf(String clientId) {
        DistroDataRequest query = request(DistroDataRequest.QUERY, PEER);
        query.clientIds.add(clientId);
        return ((DistroDataResponse) distro.handle(query)).clients.get(0).revision;
    }

    @Test
    void aOneXReplicaWhoseBeatsComeHereOutlivesItsOwnersSilence() throws InterruptedException {
        String beating = ClientIds.ofAddress("10.0.0.7", 8080, true);
        String silent = ClientIds.ofAddress("10.0.0.8", 8080, true);
        distro.handle(change(PEER, beating, 1, instance("10.0.0.7")));
        distro.handle(change(PEER, silent, 1, instance("10.0.0.8")));
        long verifiedAt = System.currentTimeMillis();
        Thread.sleep(200);
        distro.beatHeard("10.0.0.7", 8080);

        distro.dropUnverified(verifiedAt + 100 + DistroProtocol.REMOTE_EXPIRY_MILLIS);

        assertTrue(distro.isReplica(beating), "the copy a beat was heard for is kept");
        assertFalse(distro.isReplica(silent), "a copy nobody vouches for is dropped");
        assertEquals(1, registry.get(KEY).instanceCount());
    }

    @Test
    void aClaimedOneXClientBecomesThisNodes() {
        distro.handle(change(PEER, "10.0.0.6:8080#true", 3, instance("10.0.0.6")));
        distro.claim("10.0.0.6", 8080);
        assertFalse(distro.isReplica("10.0.0.6:8080#true"));
        assertEquals(List.of("10.0.0.6:8080#true"), answeredFor(DistroDataRequest.SNAPSHOT));
    }

    /**
     * A one-way cut: this node hears the peer and a third node, which do not hear each other and
     * both hold a 1.x client as theirs. The third node, which its beats reach less often, expires
     * it while the peer still hears them: the peer's copy stays here, or comes back at the peer's
     * next verify round if this node held the third node's copy.
     */
    @Test
    void aOneXClientExpiredByOneOfTwoNodesHoldingItStaysListedFromTheOther() {
        String clientId = ClientIds.ofAddress("10.0.4.1", 8080, true);
        ServiceRegistry thirdRegistry = new ServiceRegistry();
        DistroProtocol third = node(8860, thirdRegistry);
        distro.handle(change(PEER, clientId, 1, instance("10.0.4.1")));
        thirdRegistry.publish(clientId, KEY, true, List.of(instance("10.0.4.1")));
        DistroDataRequest thirdsCopy = onlySync(third);

        third.expire(clientId, KEY);
        DistroDataRequest expiry = onlySync(third);
        assertEquals(DistroDataRequest.DELETE, expiry.dataOperation);
        distro.handle(expiry);
        assertTrue(distro.isReplica(clientId), "the peer's copy is not the expired one");
        assertEquals(1, registry.get(KEY).instanceCount());

        distro.handle(thirdsCopy);
        distro.handle(expiry);
        assertEquals(0, registry.get(KEY).instanceCount(), "the third node's own copy goes with its expiry");
        assertEquals(List.of(clientId), distro.staleReplicas(PEER, Map.of(clientId, 1L)));
        distro.handle(change(PEER, clientId, 1, instance("10.0.4.1")));
        assertEquals(1, registry.get(KEY).instanceCount(), "the peer's copy, fetched at its verify, is taken");
    }

    @Test
    void aClientThatDeregistersIsRemovedWithItsRevision() {
        ServiceRegistry peerRegistry = new ServiceRegistry();
        DistroProtocol peer = node(8850, peerRegistry);
        String clientId = ClientIds.ofAddress("10.0.4.2", 8080, true);
        peerRegistry.publish(clientId, KEY, true, List.of(instance("10.0.4.2")));
        long registered = onlySync(peer).clients.get(0).revision;
        peerRegistry.unpublish(clientId, KEY, instance -> true);
        Long removed = onlySync(peer).revisions.get(clientId);
        assertTrue(removed != null && removed > registered, "a removal that wins over older copies: " + removed);
    }

    /**
     * A client deregistered through this node while a peer was cut off: the removal that did not
     * reach the peer goes again, with its revision, until it does; changes are left to the verify
     * rounds, and a peer with nothing pending gets nothing.
     */
    @Test
    void aRemovalThatDidNotReachAPeerIsSentAgainUntilItDoes() {
        String clientId = ClientIds.ofAddress("10.0.4.3", 8080, true);
        registry.publish(clientId, KEY, true, List.of(instance("10.0.4.3")));
        distro.takeSyncs();
        distro.notDelivered(PEER, change(PEER, "conn-x", 1, instance("10.0.4.4")));
        assertNull(distro.undeliveredRemovalsTo(PEER), "a lost change is repaired by the verify rounds");
        registry.unpublish(clientId, KEY, instance -> true);
        DistroDataRequest removal = onlySync(distro);

        distro.notDelivered(PEER, removal);
        DistroDataRequest again = distro.undeliveredRemovalsTo(PEER);
        assertEquals(DistroDataRequest.DELETE, again.dataOperation);
        assertEquals(removal.revisions, again.revisions);
        assertEquals(List.of(clientId), again.clientIds);
        assertNull(distro.undeliveredRemovalsTo(PEER), "taken off the list while on its way");
        distro.notDelivered(PEER, again);
        assertEquals(removal.revisions, distro.undeliveredRemovalsTo(PEER).revisions, "failed again: kept");
    }

    static final ServiceKey OTHER = new ServiceKey("public", "DEFAULT_GROUP", "svc-other");

    /**
     * The peer's side of a 2.x client publishing in many services: after its first sync, each sync
     * carries only the services it changed in, and this node ends up with the same client.
     */
    @Test
    void aClientsLaterSyncsCarryOnlyTheServicesItChangedIn() {
        ServiceRegistry peerRegistry = new ServiceRegistry();
        DistroProtocol peer = node(8850, peerRegistry);
        peerRegistry.publish("conn-many", KEY, true, List.of(instance("10.0.1.1")));
        peerRegistry.publish("conn-many", OTHER, true, List.of(instance("10.0.1.1")));
        DistroDataRequest first = onlySync(peer);
        assertEquals(DistroDataRequest.CHANGE, first.dataOperation, "never sent: sent whole");
        distro.handle(first);

        peerRegistry.publish("conn-many", OTHER, true, List.of(instance("10.0.1.2")));
        DistroDataRequest second = onlySync(peer);
        assertEquals(DistroDataRequest.PATCH, second.dataOperation);
        assertEquals(List.of("svc-other"), second.clients.get(0).published.stream().map(p -> p.serviceName).toList());
        assertEquals(first.clients.get(0).revision, second.clients.get(0).baseRevision);
        assertEquals(List.of(), ((DistroDataResponse) distro.handle(second)).wanted);

        peerRegistry.unpublish("conn-many", KEY, instance -> true);
        DistroDataRequest third = onlySync(peer);
        assertEquals(DistroDataRequest.PATCH, third.dataOperation, "a service it left is patched as empty");
        distro.handle(third);

        assertEquals(peerRegistry.publishedBy("conn-many"), registry.publishedBy("conn-many"));
        assertNull(registry.get(KEY).find("10.0.1.1", 8080, "DEFAULT"));
        assertTrue(distro.isReplica("conn-many"));
        assertEquals(List.of(), peer.takeSyncs(), "nothing changed since");
    }

    /**
     * A patch lost on the way: the next one does not apply to what this node holds, so this node
     * wants the client whole, and holds it as the peer does once the peer answers with it.
     */
    @Test
    void aPatchThatDoesNotApplyToWhatThisNodeHoldsIsAnsweredWithTheClientWanted() {
        ServiceRegistry peerRegistry = new ServiceRegistry();
        DistroProtocol peer = node(8850, peerRegistry);
        peerRegistry.publish("conn-lossy", KEY, true, List.of(instance("10.0.2.1")));
        distro.handle(onlySync(peer));
        peerRegistry.publish("conn-lossy", OTHER, true, List.of(instance("10.0.2.1")));
        onlySync(peer);
        peerRegistry.publish("conn-lossy", KEY, true, List.of(instance("10.0.2.2")));

        DistroDataResponse answer = (DistroDataResponse) distro.handle(onlySync(peer));

        assertEquals(List.of("conn-lossy"), answer.wanted);
        assertNull(registry.get(OTHER), "nothing of the patch is applied");
        DistroDataRequest query = request(DistroDataRequest.QUERY, "127.0.0.1:8848");
        query.clientIds.addAll(answer.wanted);
        DistroDataRequest whole = request(DistroDataRequest.CHANGE, PEER);
        whole.clients.addAll(((DistroDataResponse) peer.handle(query)).clients);
        distro.handle(whole);
        assertEquals(peerRegistry.publishedBy("conn-lossy"), registry.publishedBy("conn-lossy"));
    }

    @Test
    void aPatchOlderThanTheCopyHeldOrFromAnotherOwnerChangesNothing() {
        distro.handle(change(PEER, "conn-held", 10, instance("10.0.3.1")));
        DistroClient older = DistroCodec.encode("conn-held", 9, Map.of(KEY, List.of()));
        older.baseRevision = 8;
        DistroDataRequest late = request(DistroDataRequest.PATCH, PEER);
        late.clients.add(older);
        assertEquals(List.of(), ((DistroDataResponse) distro.handle(late)).wanted, "late: nothing wanted");
        assertEquals(1, registry.get(KEY).instanceCount());

        DistroClient foreign = DistroCodec.encode("conn-held", 12, Map.of(KEY, List.of()));
        foreign.baseRevision = 10;
        DistroDataRequest fromAnother = request(DistroDataRequest.PATCH, "127.0.0.1:8860");
        fromAnother.clients.add(foreign);
        assertEquals(List.of("conn-held"), ((DistroDataResponse) distro.handle(fromAnother)).wanted);
        assertEquals(1, registry.get(KEY).instanceCount());
    }

    static DistroDataRequest onlySync(DistroProtocol node) {
        List<DistroDataRequest> syncs = node.takeSyncs();
        assertEquals(1, syncs.size(), () -> "one sync expected: " + syncs.stream().map(s -> s.dataOperation).toList());
        return syncs.get(0);
    }
}

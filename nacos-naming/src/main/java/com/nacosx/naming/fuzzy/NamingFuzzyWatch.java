package com.nacosx.naming.fuzzy;

import com.nacosx.api.common.Constants;
import com.nacosx.api.naming.NamingNames;
import com.nacosx.api.remote.ServerRequest;
import com.nacosx.api.remote.naming.NamingFuzzyWatchChangeNotifyRequest;
import com.nacosx.api.remote.naming.NamingFuzzyWatchSyncRequest;
import com.nacosx.core.fuzzy.FuzzyPattern;
import com.nacosx.core.fuzzy.FuzzyResource;
import com.nacosx.core.fuzzy.FuzzyWatchIndex;
import com.nacosx.core.fuzzy.FuzzyWatchPushes;
import com.nacosx.core.fuzzy.FuzzyWatching;
import com.nacosx.core.remote.ServerPush;
import com.nacosx.naming.NamingProperties;
import com.nacosx.naming.model.ServiceKey;
import com.nacosx.naming.registry.RegisteredService;
import com.nacosx.naming.registry.ServiceChangeListener;
import com.nacosx.naming.registry.ServiceRegistry;
import java.util.stream.Stream;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * 3.x clients' fuzzy watches of services. A service is there for a watcher while it has
 * instances (of any kind), as the official server tells {@code ADD_SERVICE} at a service's first
 * instance and {@code DELETE_SERVICE} when its last one goes; instances coming and going
 * meanwhile are for subscribers. Every node tells its own connections: Distro and Raft bring
 * every change to every node's registry.
 *
 * <p>Limits, with the official properties: {@code nacos.naming.fuzzy.watch.max.pattern.count}
 * patterns per client (20) and {@value #MATCH_LIMIT_PROPERTY} services per pattern (500).
 */
@Component
public class NamingFuzzyWatch implements ServiceChangeListener, FuzzyWatchPushes.Wire<NamingFuzzyWatchSyncRequest.Context> {

    static final String MATCH_LIMIT_PROPERTY = "nacos.naming.fuzzy.watch.max.pattern.match.service.count";
    private static final String ADD_SERVICE = "ADD_SERVICE";
    private static final String DELETE_SERVICE = "DELETE_SERVICE";

    private final ServiceRegistry registry;
    private final FuzzyWatching watching;

    public NamingFuzzyWatch(ServiceRegistry registry, ServerPush push, NamingProperties properties,
            Environment env) {
        this.registry = registry;
        FuzzyWatchIndex.Limits limits = new FuzzyWatchIndex.Limits(
                env.getProperty("nacos.naming.fuzzy.watch.max.pattern.count", Integer.class, 20),
                env.getProperty(MATCH_LIMIT_PROPERTY, Integer.class, 500));
        this.watching = new FuzzyWatching(limits,
                namespace -> namespace.isBlank() ? Constants.PUBLIC_NAMESPACE_ID : namespace, this::existingIn, this,
                push, properties.push().ackTimeout(), properties.push().maxRetryTime());
        push.expect(new NamingFuzzyWatchSyncRequest());
        push.expect(new NamingFuzzyWatchChangeNotifyRequest());
    }

    public FuzzyWatching watching() {
        return watching;
    }

    @Override
    public void serviceChanged(ServiceKey key) {
        watching.changed(new FuzzyResource(key.namespace(), key.group(), key.name()),
                () -> hasInstances(registry.get(key)));
    }

    private static boolean hasInstances(RegisteredService service) {
        return service != null && !service.publications().isEmpty();
    }

    private Stream<FuzzyResource> existingIn(String namespace) {
        return registry.all().stream()
                .filter(service -> service.key().namespace().equals(namespace) && hasInstances(service))
                .map(service -> new FuzzyResource(namespace, service.key().group(), service.key().name()));
    }

    /** {@code namespace@@group@@service}, as the 3.x client keys services. */
    @Override
    public String keyOf(FuzzyPattern pattern, FuzzyResource resource) {
        return pattern.namedNamespace() + NamingNames.GROUP_SEPARATOR + resource.group()
                + NamingNames.GROUP_SEPARATOR + resource.name();
    }

    @Override
    public NamingFuzzyWatchSyncRequest newSyncRequest() {
        return new NamingFuzzyWatchSyncRequest();
    }

    @Override
    public NamingFuzzyWatchSyncRequest.Context context(String key, boolean added) {
        return new NamingFuzzyWatchSyncRequest.Context(key, added ? ADD_SERVICE : DELETE_SERVICE);
    }

    @Override
    public ServerRequest change(String key, boolean added) {
        return new NamingFuzzyWatchChangeNotifyRequest(key, added ? ADD_SERVICE : DELETE_SERVICE);
    }
}

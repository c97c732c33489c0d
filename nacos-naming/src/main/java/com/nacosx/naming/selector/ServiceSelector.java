package com.nacosx.naming.selector;

import com.nacosx.naming.model.ServiceMeta;
import com.nacosx.naming.registry.Selection;
import com.nacosx.naming.registry.ServiceView;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Applies a service's selector to what one consumer sees, as the official server does for every
 * query and push: a {@code label} selector keeps the providers whose compared labels all equal the
 * consumer's (labels from {@link CmdbLabels}), and all of them when none match. A service without
 * a selector, or a consumer without the labels, sees the shared answer.
 */
@Component
public class ServiceSelector {

    private final CmdbLabels labels;

    public ServiceSelector(CmdbLabels labels) {
        this.labels = labels;
    }

    public ServiceView.Selected select(ServiceView view, Selection selection, String consumerIp) {
        return select(view, selection, wanted(view.meta(), consumerIp));
    }

    /** The answer for a consumer whose {@link #wanted} labels are known (pushes group consumers by them). */
    public ServiceView.Selected select(ServiceView view, Selection selection, Map<String, String> wanted) {
        if (wanted.isEmpty()) {
            return view.select(selection);
        }
        return view.select(selection, host -> matches(labels.of(host.ip), wanted));
    }

    /** Whether the service's selector may narrow what some consumer sees. */
    public boolean narrows(ServiceMeta meta) {
        return LabelExpression.TYPE.equals(meta.selectorType()) && !labels.isEmpty();
    }

    /** The consumer's values of the labels the service's selector compares; empty when nothing is to be narrowed. */
    public Map<String, String> wanted(ServiceMeta meta, String consumerIp) {
        if (!narrows(meta)) {
            return Map.of();
        }
        Set<String> compared = LabelExpression.labels(meta.selectorExpression());
        Map<String, String> consumer = labels.of(consumerIp);
        if (compared.isEmpty() || !consumer.keySet().containsAll(compared)) {
            return Map.of();
        }
        return Map.copyOf(consumer.entrySet().stream().filter(label -> compared.contains(label.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    private static boolean matches(Map<String, String> provider, Map<String, String> wanted) {
        return wanted.entrySet().stream().allMatch(label -> label.getValue().equals(provider.get(label.getKey())));
    }
}

package com.nacosx.core.fuzzy;

import com.nacosx.api.exception.NacosException;
import com.nacosx.api.exception.Shown;
import com.nacosx.api.remote.fuzzy.FuzzyWatch;
import com.nacosx.core.auth.Resource;
import java.util.function.UnaryOperator;

/**
 * A 3.x client's fuzzy-watch pattern, {@code namespace>>group>>name}, as it sent it ({@link #text}).
 * {@link #namespace} is the namespace as the store keeps it (the module maps the client's name
 * for the public namespace onto its own), so that a pattern and a resource meet.
 */
public record FuzzyPattern(String text, String namedNamespace, String namespace, NamePattern group,
        NamePattern name) {

    /**
     * @param storedNamespace maps the namespace as the client named it to the one the store uses
     * @throws NacosException 400 when the pattern is not three non-blank items
     */
    public static FuzzyPattern parse(String text, UnaryOperator<String> storedNamespace) {
        if (text == null || text.isBlank()) {
            throw NacosException.missingParameter("groupKeyPattern");
        }
        String[] items = text.split(FuzzyWatch.PATTERN_SPLITTER, -1);
        if (items.length != 3 || items[1].isBlank() || items[2].isBlank()) {
            throw NacosException.badRequest("Param 'groupKeyPattern' is illegal: '" + Shown.bounded(text)
                    + "'; it should be 'namespace>>group>>name' where group and name may hold '*'");
        }
        return new FuzzyPattern(text, items[0], storedNamespace.apply(items[0]), new NamePattern(items[1]),
                new NamePattern(items[2]));
    }

    /** What watching the pattern reads, for the access check: its namespace, group and name, stars and all. */
    public Resource resource(String type) {
        return Resource.of(namespace, group.text(), type, name.text());
    }

    public boolean matches(String storedNamespace, String groupName, String resourceName) {
        return namespace.equals(storedNamespace) && group.matches(groupName) && name.matches(resourceName);
    }
}

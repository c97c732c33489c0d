package com.nacosx.core.fuzzy;

/** A config or a service as fuzzy watching sees it: its namespace (as stored), group and name. */
public record FuzzyResource(String namespace, String group, String name) {
}

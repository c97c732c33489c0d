package com.nacosx.core.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Query strings for requests this server sends to peers, UTF-8 form-encoded. */
public final class QueryStrings {

    private QueryStrings() {
    }

    /** {@code name=value&...}, a name once per value, in the map's order. */
    public static String of(Map<String, List<String>> params) {
        StringJoiner query = new StringJoiner("&");
        params.forEach((name, values) -> values.forEach(value -> query.add(encoded(name) + '=' + encoded(value))));
        return query.toString();
    }

    public static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}

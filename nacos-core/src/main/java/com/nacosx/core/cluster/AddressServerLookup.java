package com.nacosx.core.cluster;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * An address server ({@code nacos.core.member.lookup.type=address-server}): {@code GET
 * http://address.server.domain:address.server.port/address.server.url} answers the member list,
 * one address per line, as for the official server.
 */
final class AddressServerLookup implements MemberLookup {

    private static final Logger LOG = LoggerFactory.getLogger(AddressServerLookup.class);

    private final URI uri;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

    AddressServerLookup(String domain, int port, String path) {
        this.uri = URI.create("http://" + domain + ":" + port + (path.startsWith("/") ? path : "/" + path));
    }

    @Override
    public List<String> read() {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3)).GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                return ConfFileLookup.parse(response.body().lines().toList());
            }
            LOG.warn("address server {} answered {}; keeping the last member list", uri, response.statusCode());
        } catch (java.io.IOException e) {
            LOG.warn("address server {} unreachable ({}); keeping the last member list", uri, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    @Override
    public String describe() {
        return uri.toString();
    }
}

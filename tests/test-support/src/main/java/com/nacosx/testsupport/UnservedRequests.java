package com.nacosx.testsupport;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The requests an official client sent that a node did not serve: a gRPC request type it has no
 * handler for ({@code remote.log}), an HTTP call the client made that was answered 404, 405 or 5xx
 * (the access log, on with {@link #ACCESS_LOG_ON}). The tests' own HTTP calls are not counted: the
 * client names itself "Nacos-..." in its User-Agent.
 */
public final class UnservedRequests {

    /** The server setting that writes the access log this reads. */
    public static final String ACCESS_LOG_ON = "server.tomcat.accesslog.enabled=true";
    private static final Pattern ACCESS_LINE = Pattern.compile("\"[^\"]*\" (\\d{3}) \\S+ \\S+ (\\S+)");

    private UnservedRequests() {
    }

    /** @return the lines naming such a request, on every node given */
    public static List<String> on(List<ServerProcess> nodes) {
        return nodes.stream().flatMap(UnservedRequests::on).toList();
    }

    private static Stream<String> on(ServerProcess node) {
        Stream<String> grpc = node.log("remote.log").lines().filter(line -> line.contains("no handler for request type"));
        Stream<String> http = node.log("access_log.log").lines().filter(UnservedRequests::unservedClientCall);
        return Stream.concat(grpc, http).map(line -> node.port() + ": " + line);
    }

    private static boolean unservedClientCall(String line) {
        Matcher access = ACCESS_LINE.matcher(line);
        if (!access.find() || !access.group(2).startsWith("Nacos-")) {
            return false;
        }
        int status = Integer.parseInt(access.group(1));
        return status == 404 || status == 405 || status >= 500;
    }
}

package com.nacosx.core.http;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Where and how the HTTP door listens, bound once from the {@code server.*} keys Nacos operators
 * already have: {@code server.port}, {@code server.address}, {@code server.servlet.contextPath},
 * {@code server.max-http-request-header-size}; plus {@code nacos.http.*} tuning.
 *
 * @param port                     the main port P (default 8848)
 * @param address                  bind address; all interfaces when unset
 * @param servlet                  holds the context path (default {@code /nacos})
 * @param maxHttpRequestHeaderSize longest request line and header block (default 16KB)
 */
@ConfigurationProperties(prefix = "server")
public record HttpServerProperties(Integer port, String address, Servlet servlet, DataSize maxHttpRequestHeaderSize) {

    public HttpServerProperties {
        port = port == null ? 8848 : port;
        servlet = servlet == null ? new Servlet(null) : servlet;
        maxHttpRequestHeaderSize = maxHttpRequestHeaderSize == null ? DataSize.ofKilobytes(16) : maxHttpRequestHeaderSize;
    }

    /** The context path every route lives under. */
    public record Servlet(String contextPath) {
        public Servlet {
            contextPath = contextPath == null || contextPath.equals("/") ? "/nacos" : contextPath;
        }
    }
}

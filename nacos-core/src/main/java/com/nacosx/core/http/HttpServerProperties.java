package com.nacosx.core.http;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Where and how the HTTP door listens, bound once from the {@code server.*} keys Nacos operators
 * already have: {@code server.port}, {@code server.address}, {@code server.servlet.contextPath},
 * {@code server.max-http-request-header-size}, {@code server.tomcat.accesslog.enabled}; plus
 * {@code nacos.http.*} tuning.
 *
 * @param port                     the main port P (default 8848)
 * @param address                  bind address; all interfaces when unset
 * @param servlet                  holds the context path (default {@code /nacos})
 * @param maxHttpRequestHeaderSize longest request line and header block (default 16KB)
 * @param tomcat                   holds whether each answered request is written to {@code logs/access_log.log}
 *                                 (default off, as in Spring Boot; the key is the official server's, whose
 *                                 door is Tomcat and whose shipped file turns it on)
 */
@ConfigurationProperties(prefix = "server")
public record HttpServerProperties(Integer port, String address, Servlet servlet, DataSize maxHttpRequestHeaderSize,
                                   Tomcat tomcat) {

    public HttpServerProperties {
        port = port == null ? 8848 : port;
        servlet = servlet == null ? new Servlet(null) : servlet;
        maxHttpRequestHeaderSize = maxHttpRequestHeaderSize == null ? DataSize.ofKilobytes(16) : maxHttpRequestHeaderSize;
        tomcat = tomcat == null ? new Tomcat(null) : tomcat;
    }

    public boolean accessLogEnabled() {
        return tomcat.accesslog().enabled();
    }

    /** {@code server.tomcat.accesslog.enabled}. */
    public record Tomcat(Accesslog accesslog) {
        public Tomcat {
            accesslog = accesslog == null ? new Accesslog(null) : accesslog;
        }
    }

    public record Accesslog(Boolean enabled) {
        public Accesslog {
            enabled = enabled != null && enabled;
        }
    }

    /** The context path every route lives under. */
    public record Servlet(String contextPath) {
        public Servlet {
            contextPath = contextPath == null || contextPath.equals("/") ? "/nacos" : contextPath;
        }
    }
}

package com.nacosx.core.cluster;

import com.nacosx.core.env.NacosServerProperties;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.util.Collections;

/**
 * The cluster settings, under the official names (which are spread over several prefixes):
 * {@code nacos.member.list}, {@code nacos.core.member.lookup.type} ({@code file} or
 * {@code address-server}), {@code address.server.domain|port|url},
 * {@code nacos.core.member.fail-access-cnt} (3), and this node's address from
 * {@code nacos.inetutils.ip-address}, else {@code nacos.server.ip}, else {@code server.address},
 * else the first non-loopback IPv4 address.
 */
@Component
public class ClusterSettings {

    private static final String FILE_LOOKUP = "file";
    private static final String ADDRESS_SERVER_LOOKUP = "address-server";

    private final Environment environment;
    private final NacosServerProperties server;

    public ClusterSettings(Environment environment, NacosServerProperties server) {
        this.environment = environment;
        this.server = server;
    }

    public boolean standalone() {
        return server.standalone();
    }

    public String selfIp() {
        for (String key : new String[] {"nacos.inetutils.ip-address", "nacos.server.ip", "server.address"}) {
            String value = environment.getProperty(key);
            if (value != null && !value.isBlank()) {
                return value.trim();
            }
        }
        return firstNonLoopbackAddress();
    }

    public int selfPort() {
        return environment.getProperty("server.port", Integer.class, 8848);
    }

    public int maxFailAccessCnt() {
        return environment.getProperty("nacos.core.member.fail-access-cnt", Integer.class, 3);
    }

    /** Where the member list comes from: the fixed list when given, else the lookup type. */
    public MemberLookup lookup() {
        String list = environment.getProperty("nacos.member.list");
        if (list != null && !list.isBlank()) {
            return new FixedLookup(list);
        }
        return lookup(environment.getProperty("nacos.core.member.lookup.type", FILE_LOOKUP));
    }

    /**
     * The lookup of a type by its official name, {@code file} or {@code address-server}.
     *
     * @throws IllegalArgumentException for any other name
     */
    public MemberLookup lookup(String type) {
        if (ADDRESS_SERVER_LOOKUP.equals(type)) {
            return new AddressServerLookup(environment.getProperty("address.server.domain", "jmenv.tbsite.net"),
                    environment.getProperty("address.server.port", Integer.class, 8080),
                    environment.getProperty("address.server.url", "/nacos/serverlist"));
        }
        if (FILE_LOOKUP.equals(type)) {
            return new ConfFileLookup(Path.of(server.home(), "conf", "cluster.conf"));
        }
        throw new IllegalArgumentException("The addressing mode exists : " + type + ", just support : ["
                + FILE_LOOKUP + ", " + ADDRESS_SERVER_LOOKUP + "]");
    }

    private static String firstNonLoopbackAddress() {
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
                        return address.getHostAddress();
                    }
                }
            }
        } catch (SocketException e) {
            // fall through to loopback
        }
        return "127.0.0.1";
    }
}

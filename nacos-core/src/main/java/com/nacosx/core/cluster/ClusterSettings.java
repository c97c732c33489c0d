package com.nacosx.core.cluster;

import com.nacosx.core.env.NacosServerProperties;
import org.springframework.core.env.Environment;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.util.Collections;

/**
 * The cluster settings, read once at start under the official names (which are spread over
 * several prefixes): {@code nacos.member.list}, {@code nacos.core.member.lookup.type} ({@code file}
 * or {@code address-server}), {@code address.server.domain|port|url},
 * {@code nacos.core.member.fail-access-cnt} (3), {@code server.port} (8848), and this node's
 * address from {@code nacos.inetutils.ip-address}, else {@code nacos.server.ip}, else
 * {@code server.address}, else the first non-loopback IPv4 address.
 *
 * @param memberList  the fixed member list, or null to use the lookup
 * @param clusterConf the file lookup's {@code ${nacos.home}/conf/cluster.conf}
 */
public record ClusterSettings(boolean standalone, String selfIp, int selfPort, int maxFailAccessCnt, String memberList,
                              String lookupType, String addressServerDomain, int addressServerPort,
                              String addressServerUrl, Path clusterConf) {

    private static final String FILE_LOOKUP = "file";
    private static final String ADDRESS_SERVER_LOOKUP = "address-server";

    public static ClusterSettings from(Environment env, NacosServerProperties server) {
        String list = env.getProperty("nacos.member.list");
        return new ClusterSettings(server.standalone(), selfIp(env), env.getProperty("server.port", Integer.class, 8848),
                env.getProperty("nacos.core.member.fail-access-cnt", Integer.class, 3),
                list == null || list.isBlank() ? null : list,
                env.getProperty("nacos.core.member.lookup.type", FILE_LOOKUP),
                env.getProperty("address.server.domain", "jmenv.tbsite.net"),
                env.getProperty("address.server.port", Integer.class, 8080),
                env.getProperty("address.server.url", "/nacos/serverlist"),
                Path.of(server.home(), "conf", "cluster.conf"));
    }

    private static String selfIp(Environment env) {
        for (String key : new String[] {"nacos.inetutils.ip-address", "nacos.server.ip", "server.address"}) {
            String value = env.getProperty(key);
            if (value != null && !value.isBlank()) {
                return value.trim();
            }
        }
        return firstNonLoopbackAddress();
    }

    /** Where the member list comes from: the fixed list when given, else the lookup type. */
    public MemberLookup lookup() {
        return memberList != null ? new FixedLookup(memberList) : lookup(lookupType);
    }

    /**
     * The lookup of a type by its official name, {@code file} or {@code address-server}.
     *
     * @throws IllegalArgumentException for any other name
     */
    public MemberLookup lookup(String type) {
        if (ADDRESS_SERVER_LOOKUP.equals(type)) {
            return new AddressServerLookup(addressServerDomain, addressServerPort, addressServerUrl);
        }
        if (FILE_LOOKUP.equals(type)) {
            return new ConfFileLookup(clusterConf);
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

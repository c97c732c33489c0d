package com.nacosx.faults.client1x;

import com.alibaba.nacos.api.NacosFactory;
import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * Applications on the official 1.4.8 client, as the fault scenarios need them: one naming client per
 * instance (each beats on its own, failing over between the servers as the SDK does) and one that
 * subscribes. Driven over stdin, answers on stdout, one line each:
 * <pre>
 *   args:  SERVERS SERVICE IP...        registers IP:8080 in SERVICE for each IP, then "ready"
 *   stdout: pushed IP,IP,...            every list the subscriber was pushed (UDP or its polling)
 *   stdin:  retire IP                   the application ends gracefully: deregisters, "retired IP"
 *   stdin closed                        every application ends, the process exits
 * </pre>
 */
public final class EphemeralHolders1x {

    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    private EphemeralHolders1x() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: EphemeralHolders1x SERVERS SERVICE IP...");
            System.exit(2);
        }
        String servers = args[0];
        String service = args[1];
        Map<String, NamingService> holders = new LinkedHashMap<>();
        for (String ip : Arrays.copyOfRange(args, 2, args.length)) {
            NamingService holder = client(servers);
            holder.registerInstance(service, ip, 8080);
            holders.put(ip, holder);
        }
        NamingService subscriber = client(servers);
        subscriber.subscribe(service, event -> {
            if (event instanceof NamingEvent naming) {
                OUT.println("pushed " + naming.getInstances().stream().map(Instance::getIp).sorted()
                        .collect(Collectors.joining(",")));
            }
        });
        OUT.println("ready");
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String command;
        while ((command = commands.readLine()) != null) {
            if (command.startsWith("retire ")) {
                String ip = command.substring("retire ".length()).trim();
                retire(service, ip, holders.remove(ip));
                OUT.println("retired " + ip);
            }
        }
        for (Map.Entry<String, NamingService> holder : holders.entrySet()) {
            retire(service, holder.getKey(), holder.getValue());
        }
        subscriber.shutDown();
        System.exit(0);
    }

    private static void retire(String service, String ip, NamingService holder) throws NacosException {
        if (holder == null) {
            return;
        }
        holder.deregisterInstance(service, ip, 8080);
        holder.shutDown();
    }

    private static NamingService client(String servers) throws NacosException {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, servers);
        return NacosFactory.createNamingService(properties);
    }
}

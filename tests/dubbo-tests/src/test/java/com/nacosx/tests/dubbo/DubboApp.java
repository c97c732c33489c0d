package com.nacosx.tests.dubbo;

import java.util.HashMap;
import java.util.Map;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ConfigCenterConfig;
import org.apache.dubbo.config.MetadataReportConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * One Dubbo application with Nacos as its registry, metadata report and config center, in a
 * framework model of its own: several live side by side in the test JVM as if each were a process,
 * and stopping one deregisters it as a shutdown would.
 */
final class DubboApp implements AutoCloseable {

    /**
     * The address providers register. Dubbo refuses a loopback address for that and takes the
     * machine's own, which the kernel still delivers locally: no call leaves the machine.
     */
    static final String HOST = NetUtils.getLocalHost();

    private final FrameworkModel framework = new FrameworkModel();
    private final DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework);
    private final Map<String, ReferenceConfig<Greeter>> references = new HashMap<>();

    /**
     * @param nacos        the server's host:port
     * @param registerMode "instance" (application-level only), "interface" (as Dubbo 2.7) or "all"
     * @param metadataType "local" (served by the provider) or "remote" (kept in the metadata report)
     */
    DubboApp(String nacos, String name, String registerMode, String metadataType) {
        ApplicationConfig application = new ApplicationConfig(name);
        application.setQosEnable(false);
        application.setRegisterMode(registerMode);
        application.setMetadataType(metadataType);
        ConfigCenterConfig configCenter = new ConfigCenterConfig();
        configCenter.setAddress("nacos://" + nacos);
        bootstrap.application(application)
                .registry(new RegistryConfig("nacos://" + nacos))
                .configCenter(configCenter)
                .metadataReport(new MetadataReportConfig("nacos://" + nacos));
    }

    /** Exports {@link Greeter} in {@code version} on {@code port} over the dubbo protocol. */
    DubboApp provide(String version, int port) {
        ServiceConfig<Greeter> service = new ServiceConfig<>();
        service.setInterface(Greeter.class);
        service.setRef(new GreeterImpl(bootstrap.getApplicationModel().getApplicationName() + ":" + port));
        service.setVersion(version);
        bootstrap.protocol(new ProtocolConfig("dubbo", port)).service(service);
        return this;
    }

    /** Refers to {@link Greeter} in {@code version}, found through the registry only. */
    DubboApp consume(String version) {
        ReferenceConfig<Greeter> reference = new ReferenceConfig<>();
        reference.setInterface(Greeter.class);
        reference.setVersion(version);
        reference.setScope("remote");
        reference.setCheck(false);
        reference.setTimeout(5000);
        reference.setRetries(0);
        references.put(version, reference);
        bootstrap.reference(reference);
        return this;
    }

    DubboApp start() {
        bootstrap.start();
        return this;
    }

    Greeter greeter(String version) {
        return references.get(version).get();
    }

    @Override
    public void close() {
        try {
            bootstrap.stop();
        } finally {
            framework.destroy();
        }
    }

    private record GreeterImpl(String identity) implements Greeter {

        @Override
        public String whoAmI() {
            return identity;
        }

        @Override
        public String slow(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return identity;
        }
    }
}

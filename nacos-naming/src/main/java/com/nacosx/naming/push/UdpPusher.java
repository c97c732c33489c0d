package com.nacosx.naming.push;

import com.nacosx.core.http.Json;
import com.nacosx.naming.NamingProperties;
import com.nacosx.core.util.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/**
 * Pushes a service's view to 1.x clients over UDP, in the datagram the 1.4 client reads:
 * {@code {"type":"dom","data":"<ServiceInfo JSON>","lastRefTime":<push id>}}, gzipped when
 * larger than 1 KiB. The client answers {@code push-ack} with the same id; a push without its ack
 * is sent again until the retry limit.
 */
@Component
public class UdpPusher implements DisposableBean {

    private static final Logger LOG = LoggerFactory.getLogger(UdpPusher.class);
    private static final int GZIP_ABOVE = 1024;
    private static final int MAX_DATAGRAM = 65_507;

    private record Pending(InetSocketAddress target, ByteBuffer datagram, int triesLeft) {
    }

    private final DatagramChannel channel;
    private final NamingProperties.Push settings;
    private final AtomicLong ids = new AtomicLong(System.nanoTime());
    private final Map<Long, Pending> unacked = new ConcurrentHashMap<>();
    private final AtomicLong acked = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final ScheduledExecutorService resends =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("naming-udp-resend"));
    private final Thread receiver;

    public UdpPusher(NamingProperties properties) throws IOException {
        this.settings = properties.push();
        this.channel = DatagramChannel.open();
        channel.bind(new InetSocketAddress(0));
        this.receiver = new Thread(this::receiveAcks, "naming-udp-ack");
        receiver.setDaemon(true);
        receiver.start();
    }

    /** Sends {@code serviceJson} to the subscriber at {@code target}. */
    public void push(InetSocketAddress target, byte[] serviceJson) {
        long id = ids.incrementAndGet();
        Map<String, Object> packet = new LinkedHashMap<>();
        packet.put("type", "dom");
        packet.put("data", new String(serviceJson, StandardCharsets.UTF_8));
        packet.put("lastRefTime", id);
        byte[] bytes = compressed(Json.bytes(packet));
        if (bytes.length > MAX_DATAGRAM) {
            LOG.warn("the view for {} is {} bytes, too large for UDP; the client reads it on its next poll",
                    target, bytes.length);
            return;
        }
        send(id, new Pending(target, ByteBuffer.wrap(bytes), settings.udpMaxRetry()));
    }

    public long ackedCount() {
        return acked.get();
    }

    public long failedCount() {
        return failed.get();
    }

    private void send(long id, Pending pending) {
        try {
            channel.send(pending.datagram().duplicate(), pending.target());
        } catch (IOException | RuntimeException e) {
            LOG.warn("UDP push to {} failed: {}", pending.target(), e.toString());
        }
        unacked.put(id, pending);
        resends.schedule(() -> resendIfUnacked(id), settings.udpAckTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void resendIfUnacked(long id) {
        Pending pending = unacked.remove(id);
        if (pending == null) {
            return;
        }
        if (pending.triesLeft() <= 0) {
            failed.incrementAndGet();
            LOG.warn("no push-ack from {} after all retries", pending.target());
            return;
        }
        send(id, new Pending(pending.target(), pending.datagram(), pending.triesLeft() - 1));
    }

    private void receiveAcks() {
        ByteBuffer buffer = ByteBuffer.allocate(MAX_DATAGRAM);
        while (channel.isOpen()) {
            try {
                buffer.clear();
                channel.receive(buffer);
                buffer.flip();
                acknowledge(StandardCharsets.UTF_8.decode(buffer).toString());
            } catch (ClosedChannelException closed) {
                return;
            } catch (IOException | RuntimeException e) {
                LOG.warn("unreadable UDP datagram: {}", e.toString());
            }
        }
    }

    private void acknowledge(String text) {
        Map<?, ?> ack = Json.read(text, Map.class, "push-ack");
        if (!"push-ack".equals(ack.get("type")) || ack.get("lastRefTime") == null) {
            return;
        }
        long id = Long.parseLong(ack.get("lastRefTime").toString().trim());
        if (unacked.remove(id) != null) {
            acked.incrementAndGet();
        }
    }

    private static byte[] compressed(byte[] bytes) {
        if (bytes.length <= GZIP_ABOVE) {
            return bytes;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return out.toByteArray();
    }

    @Override
    public void destroy() throws IOException {
        resends.shutdownNow();
        channel.close();
    }
}

package com.nacosx.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder on loopback that a test can cut and heal: one server reaches a shared service
 * (the database) through it while its peers reach the service directly. Cut, it closes every
 * connection it carries and closes each new one at once, so the server behind it fails fast, as
 * when its link to the service is down; healed, it forwards again.
 */
public final class CuttableTcpProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;

    private CuttableTcpProxy(ServerSocket listener, InetSocketAddress target) {
        this.listener = listener;
        this.target = target;
    }

    /** Starts forwarding a free loopback port to {@code host:port}. */
    public static CuttableTcpProxy to(String host, int port) {
        try {
            ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            CuttableTcpProxy proxy = new CuttableTcpProxy(listener, new InetSocketAddress(host, port));
            Thread acceptor = new Thread(proxy::accept, "tcp-proxy-" + listener.getLocalPort());
            acceptor.setDaemon(true);
            acceptor.start();
            return proxy;
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on loopback for the proxy", e);
        }
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Closes every connection carried and refuses new ones until {@link #heal()}. */
    public void cut() {
        cut = true;
        open.forEach(CuttableTcpProxy::closeQuietly);
    }

    public void heal() {
        cut = false;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (cut) {
                    closeQuietly(client);
                    continue;
                }
                Socket server = new Socket();
                try {
                    server.connect(target, 5_000);
                } catch (IOException unreachable) {
                    closeQuietly(client);
                    closeQuietly(server);
                    continue;
                }
                open.add(client);
                open.add(server);
                pump(client, server);
                pump(server, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Copies {@code from} to {@code to} on a thread of its own; the end of either closes both. */
    private void pump(Socket from, Socket to) {
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int read; (read = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException ended) {
                // the other pump, or a cut, closed the pair
            } finally {
                open.remove(from);
                open.remove(to);
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-proxy-pump");
        pump.setDaemon(true);
        pump.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
    }

    @Override
    public void close() {
        cut();
        try {
            listener.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
    }
}

package com.nacosx.core.cluster;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code conf/cluster.conf}: one {@code ip[:port]} per line (several per line separated by
 * commas also work), {@code #} starts a comment.
 */
final class ConfFileLookup implements MemberLookup {

    private static final Logger LOG = LoggerFactory.getLogger(ConfFileLookup.class);

    private final Path file;

    ConfFileLookup(Path file) {
        this.file = file;
    }

    @Override
    public List<String> read() {
        try {
            return parse(Files.readAllLines(file));
        } catch (IOException e) {
            LOG.warn("cannot read {} ({}); keeping the last member list", file, e.toString());
            return null;
        }
    }

    static List<String> parse(List<String> lines) {
        List<String> addresses = new ArrayList<>();
        for (String line : lines) {
            int comment = line.indexOf('#');
            String content = comment < 0 ? line : line.substring(0, comment);
            for (String address : content.split(",")) {
                if (!address.isBlank()) {
                    addresses.add(address.trim());
                }
            }
        }
        return addresses;
    }

    @Override
    public String describe() {
        return file.toString();
    }
}

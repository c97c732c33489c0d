package com.nacosx.core.cluster;

import java.util.List;

/** {@code nacos.member.list=ip:port,ip:port}, as {@code bin/startup.sh -c} passes it. */
final class FixedLookup implements MemberLookup {

    private final List<String> addresses;

    FixedLookup(String list) {
        this.addresses = ConfFileLookup.parse(List.of(list));
    }

    @Override
    public List<String> read() {
        return addresses;
    }

    @Override
    public String describe() {
        return "nacos.member.list";
    }
}

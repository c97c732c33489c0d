package com.nacosx.bench;

/** Placeholder replaced below. */
public final class GrpcBench {
    public static void main(String[] args) {
    }
}

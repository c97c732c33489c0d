package com.nacosx.bench.mesh;

/** What every provider application exports, each in a version of its own. */
public interface MeshService {

    String ping();
}

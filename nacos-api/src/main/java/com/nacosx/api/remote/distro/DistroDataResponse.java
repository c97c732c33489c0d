package com.nacosx.api.remote.distro;

import com.nacosx.api.remote.Response;

import java.util.ArrayList;
import java.util.List;

/**
 * Answers {@link DistroDataRequest}; carries clients' data for QUERY and SNAPSHOT, and for PATCH
 * the ids of the clients the receiver wants whole.
 */
public class DistroDataResponse extends Response {

    public List<DistroClient> clients = new ArrayList<>();
    public List<String> wanted = new ArrayList<>();
}

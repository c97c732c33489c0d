package com.nacosx.api.remote.distro;

import com.nacosx.api.remote.Response;

import java.util.ArrayList;
import java.util.List;

/** Answers {@link DistroDataRequest}; carries clients' data for QUERY and SNAPSHOT. */
public class DistroDataResponse extends Response {

    public List<DistroClient> clients = new ArrayList<>();
}

package com.nacosx.api.remote.naming;

import com.nacosx.api.remote.Response;

import java.util.ArrayList;
import java.util.List;

/** Answers {@link ServiceListRequest}: the total count and one page of names. */
public class ServiceListResponse extends Response {

    public int count;
    public List<String> serviceNames = new ArrayList<>();
}

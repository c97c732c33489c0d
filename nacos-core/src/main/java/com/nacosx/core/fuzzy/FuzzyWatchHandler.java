package com.nacosx.core.fuzzy;

import com.nacosx.api.exception.ErrorCode;
import com.nacosx.api.exception.NacosException;
import com.nacosx.api.remote.Response;
import com.nacosx.api.remote.fuzzy.FuzzyWatch;
import com.nacosx.api.remote.fuzzy.FuzzyWatchRequest;
import com.nacosx.core.auth.Access;
import com.nacosx.core.auth.Action;
import com.nacosx.core.remote.RequestHandler;
import com.nacosx.core.remote.RequestMeta;

/**
 * A 3.x client's fuzzy-watch request: starts a watch (then pushes what the pattern matches) or
 * cancels one. A pattern matching more resources than one may watch is still watched, up to the
 * limit, and answered 50311 so that the client tells its application.
 */
public abstract class FuzzyWatchHandler<R extends FuzzyWatchRequest> implements RequestHandler<R> {

    private final FuzzyWatching watching;
    private final String resourceType;
    private final String matchLimitProperty;

    /**
     * @param resourceType       what the pattern reads, for the access check (config, naming)
     * @param matchLimitProperty the setting a user raises when a pattern matches too much
     */
    protected FuzzyWatchHandler(FuzzyWatching watching, String resourceType, String matchLimitProperty) {
        this.watching = watching;
        this.resourceType = resourceType;
        this.matchLimitProperty = matchLimitProperty;
    }

    /** The response type the client casts the answer to. */
    protected abstract Response newResponse();

    /** Reading what the pattern names: its namespace, group and name, stars and all. */
    @Override
    public Access<R> access() {
        return Access.to(Action.READ, request -> watching.pattern(request.groupKeyPattern).resource(resourceType));
    }

    /** The first watch of a pattern reads every resource of its namespace. */
    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public Response handle(R request, RequestMeta meta) {
        FuzzyPattern pattern = watching.pattern(request.groupKeyPattern);
        if (FuzzyWatch.CANCEL_WATCH.equals(request.watchType)) {
            watching.cancel(meta.connectionId(), pattern);
            return newResponse();
        }
        if (!FuzzyWatch.WATCH.equals(request.watchType)) {
            throw NacosException.badRequest("Param 'watchType' is illegal: give "
                    + FuzzyWatch.WATCH + " or " + FuzzyWatch.CANCEL_WATCH);
        }
        if (watching.watch(meta.connectionId(), pattern, request.receivedGroupKeys, request.initializing)) {
            ErrorCode code = ErrorCode.FUZZY_WATCH_PATTERN_MATCH_COUNT_OVER_LIMIT;
            return newResponse().fail(code.code(), code.message() + ": '" + pattern.text() + "' matches more than "
                    + "one pattern may watch (" + matchLimitProperty + "); watch a narrower pattern");
        }
        return newResponse();
    }

    @Override
    public Response failure() {
        return newResponse();
    }
}

package com.nacosx.api.remote;

import com.google.protobuf.ByteString;
import com.nacosx.api.grpc.auto.Payload;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The payloads of wire types that declare no fields of their own (a health check and its answer,
 * the answers to most pushes): without a request id such a payload is the same bytes every time.
 * So the codec encodes such an answer once per type, and reads a request whose body it has seen
 * before without parsing it. The SDK sends its keep-alive every few seconds on every connection,
 * and its JSON both ways was about half of what serving it allocated.
 */
final class PlainPayloads {

    /** Bodies longer than this are parsed every time: a plain body is a few dozen bytes. */
    private static final int LONGEST_REMEMBERED_BODY = 256;

    private static final ClassValue<Optional<Constructor<?>>> FIELDLESS = new ClassValue<>() {
        @Override
        protected Optional<Constructor<?>> computeValue(Class<?> type) {
            for (Class<?> c = type; c != Request.class && c != Response.class; c = c.getSuperclass()) {
                if (c == Object.class
                        || Arrays.stream(c.getDeclaredFields()).anyMatch(f -> !Modifier.isStatic(f.getModifiers()))) {
                    return Optional.empty();
                }
            }
            try {
                return Optional.of(type.getDeclaredConstructor());
            } catch (NoSuchMethodException noDefaultConstructor) {
                return Optional.empty();
            }
        }
    };

    private final ClassValue<Optional<Payload>> successes;
    private final Map<String, KnownBody> requestBodies = new ConcurrentHashMap<>();

    /** @param encoder how the codec encodes a response */
    PlainPayloads(Function<Object, Payload> encoder) {
        this.successes = new ClassValue<>() {
            @Override
            protected Optional<Payload> computeValue(Class<?> type) {
                return FIELDLESS.get(type).map(constructor -> encoder.apply(fresh(constructor)));
            }
        };
    }

    /** The payload of this response when it is a plain success of a fieldless type, else null. */
    Payload success(Response response) {
        boolean plain = response.isSuccess() && response.errorCode == 0 && response.message == null
                && response.requestId == null;
        return plain ? successes.get(response.getClass()).orElse(null) : null;
    }

    /** A fresh request when this body of this type was read before as a plain request, else null. */
    Request request(String type, ByteString body) {
        KnownBody known = requestBodies.get(type);
        return known == null || !known.body().equals(body) ? null : (Request) fresh(known.constructor());
    }

    /** Remembers the body when it was read as a plain request of a fieldless type. */
    void learn(String type, ByteString body, Object read) {
        if (read instanceof Request request && request.requestId == null && body.size() <= LONGEST_REMEMBERED_BODY) {
            FIELDLESS.get(read.getClass()).ifPresent(constructor ->
                    requestBodies.putIfAbsent(type, new KnownBody(ByteString.copyFrom(body.toByteArray()), constructor)));
        }
    }

    private record KnownBody(ByteString body, Constructor<?> constructor) {
    }

    private static Object fresh(Constructor<?> constructor) {
        try {
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a " + constructor.getDeclaringClass().getSimpleName(), e);
        }
    }
}

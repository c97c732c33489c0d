package com.nacosx.core.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.multipart.Attribute;
import io.netty.handler.codec.http.multipart.DefaultHttpDataFactory;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields and files of a {@code multipart/form-data} body (a config import's zip), read from
 * the aggregated request in memory: the body is already bounded by the server's maximum request size.
 */
record MultipartBody(Map<String, List<String>> fields, Map<String, byte[]> files) {

    static final MultipartBody NONE = new MultipartBody(Map.of(), Map.of());
    private static final String MULTIPART = "multipart/form-data";

    static MultipartBody of(FullHttpRequest request) {
        String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (contentType == null || !contentType.regionMatches(true, 0, MULTIPART, 0, MULTIPART.length())
                || !request.content().isReadable()) {
            return NONE;
        }
        HttpPostRequestDecoder decoder;
        try {
            decoder = new HttpPostRequestDecoder(new DefaultHttpDataFactory(false), request,
                    StandardCharsets.UTF_8);
        } catch (HttpPostRequestDecoder.ErrorDataDecoderException malformed) {
            throw new IllegalArgumentException("the multipart body cannot be read: " + malformed.getMessage());
        }
        try {
            Map<String, List<String>> fields = new HashMap<>();
            Map<String, byte[]> files = new HashMap<>();
            for (InterfaceHttpData data : decoder.getBodyHttpDatas()) {
                if (data instanceof FileUpload file) {
                    files.put(file.getName(), file.get());
                } else if (data instanceof Attribute field) {
                    fields.computeIfAbsent(field.getName(), name -> new ArrayList<>()).add(field.getValue());
                }
            }
            return new MultipartBody(fields, files);
        } catch (IOException | HttpPostRequestDecoder.ErrorDataDecoderException malformed) {
            throw new IllegalArgumentException("the multipart body cannot be read: " + malformed.getMessage());
        } finally {
            decoder.destroy();
        }
    }
}

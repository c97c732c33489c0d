package com.nacosx.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The console's built files, read once from the class path ({@code console-ui/}, where the build
 * puts them) and kept in memory with their gzip, which the build writes beside each file it makes
 * smaller ({@code NAME.gz}): the whole bundle is a few hundred KB, and served from memory it costs
 * no disk read and no compression per request.
 */
final class ConsoleBundle {

    static final String ROOT = "console-ui/";
    private static final String GZIP_SUFFIX = ".gz";

    /** One file, as sent: its bytes, its gzip when the build made one, and its content type. */
    record File(String path, byte[] bytes, byte[] gzipped, String contentType) {

        /** Built files whose names carry a hash of their content: they never change under that name. */
        boolean immutable() {
            return path.startsWith("/assets/");
        }
    }

    private final Map<String, File> files;

    private ConsoleBundle(Map<String, File> files) {
        this.files = files;
    }

    /** Every file under {@link #ROOT}; none when the jar was built without the app. */
    static ConsoleBundle load(ClassLoader loader) {
        Map<String, File> files = new LinkedHashMap<>();
        PathMatchingResourcePatternResolver resources = new PathMatchingResourcePatternResolver(loader);
        try {
            Resource root = resources.getResource("classpath:" + ROOT + "index.html");
            if (!root.exists()) {
                return new ConsoleBundle(files);
            }
            String base = root.getURL().toString();
            base = base.substring(0, base.length() - "index.html".length());
            Map<String, byte[]> built = new LinkedHashMap<>();
            for (Resource resource : resources.getResources("classpath*:" + ROOT + "**/*")) {
                String url = resource.getURL().toString();
                if (resource.isReadable() && url.startsWith(base) && !url.endsWith("/")) {
                    built.put("/" + url.substring(base.length()), resource.getContentAsByteArray());
                }
            }
            built.forEach((path, bytes) -> {
                if (!path.endsWith(GZIP_SUFFIX)) {
                    files.put(path, new File(path, bytes, built.get(path + GZIP_SUFFIX), contentTypeOf(path)));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the console's files from the class path (" + ROOT
                    + "); rebuild the server, or set nacos.console.ui.enabled=false", e);
        }
        return new ConsoleBundle(files);
    }

    Map<String, File> files() {
        return files;
    }

    File index() {
        return files.get("/index.html");
    }

    boolean isEmpty() {
        return files.isEmpty();
    }

    static String contentTypeOf(String path) {
        String extension = path.substring(path.lastIndexOf('.') + 1);
        return switch (extension) {
            case "html" -> "text/html;charset=UTF-8";
            case "js", "mjs" -> "text/javascript;charset=UTF-8";
            case "css" -> "text/css;charset=UTF-8";
            case "json", "map" -> "application/json;charset=UTF-8";
            case "svg" -> "image/svg+xml";
            case "png" -> "image/png";
            case "ico" -> "image/x-icon";
            case "woff2" -> "font/woff2";
            case "txt" -> "text/plain;charset=UTF-8";
            default -> "application/octet-stream";
        };
    }
}

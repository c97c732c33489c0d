package com.nacosx.testsupport;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One scrape of a server's {@code /nacos/actuator/prometheus}, parsed into samples. */
public final class MetricsScrape {

    /** One line of the text format: a metric name, its labels and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;

    private MetricsScrape(List<Sample> samples) {
        this.samples = samples;
    }

    public static MetricsScrape of(ServerProcess server) {
        HttpResponse<String> response = HttpCall.get(server.baseUrl() + "/actuator/prometheus").send();
        if (response.statusCode() != 200) {
            throw new AssertionError("scrape answered " + response.statusCode() + ": " + response.body());
        }
        return parse(response.body());
    }

    public static MetricsScrape parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            double value = Double.parseDouble(line.substring(space + 1));
            int brace = series.indexOf('{');
            if (brace < 0) {
                samples.add(new Sample(series, Map.of(), value));
            } else {
                samples.add(new Sample(series.substring(0, brace), labels(series.substring(brace + 1,
                        series.length() - 1)), value));
            }
        }
        return new MetricsScrape(samples);
    }

    /** Label values hold no quotes or commas in what these tests read. */
    private static Map<String, String> labels(String text) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String pair : text.split("\",")) {
            if (pair.isBlank()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String value = pair.substring(equals + 2);
            labels.put(pair.substring(0, equals), value.endsWith("\"") ? value.substring(0, value.length() - 1) : value);
        }
        return labels;
    }

    /**
     * The sum of the samples of {@code name} that carry all of {@code labels} (name, value, name,
     * value...); 0 when there are none.
     */
    public double sum(String name, String... labels) {
        return matching(name, labels).stream().mapToDouble(Sample::value).sum();
    }

    public boolean has(String name, String... labels) {
        return !matching(name, labels).isEmpty();
    }

    public List<Sample> matching(String name, String... labels) {
        List<Sample> found = new ArrayList<>();
        for (Sample sample : samples) {
            if (sample.name().equals(name) && carries(sample, labels)) {
                found.add(sample);
            }
        }
        return found;
    }

    private static boolean carries(Sample sample, String[] labels) {
        for (int i = 0; i + 1 < labels.length; i += 2) {
            if (!labels[i + 1].equals(sample.labels().get(labels[i]))) {
                return false;
            }
        }
        return true;
    }

    public int size() {
        return samples.size();
    }
}

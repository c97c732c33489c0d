package com.nacosx.config.http;

import com.nacosx.config.model.Namespace;
import com.nacosx.config.service.NamespaceService;
import java.util.List;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Namespaces for the console and SDK admins, {@code /v1/console/namespaces}. */
@RestController
@RequestMapping("/v1/console/namespaces")
public class NamespaceController {

    private final NamespaceService namespaces;

    public NamespaceController(NamespaceService namespaces) {
        this.namespaces = namespaces;
    }

    @GetMapping
    public RestResult<List<Namespace>> list() {
        return RestResult.ok(namespaces.list());
    }

    @GetMapping(params = "show=all")
    public Namespace get(@RequestParam String namespaceId) {
        return namespaces.get(namespaceId);
    }

    @GetMapping(params = "checkNamespaceIdExist=true")
    public Boolean exists(@RequestParam String customNamespaceId) {
        return namespaces.exists(customNamespaceId);
    }

    @PostMapping
    public Boolean create(@RequestParam(required = false) String customNamespaceId, @RequestParam String namespaceName,
            @RequestParam(required = false) String namespaceDesc) {
        namespaces.create(customNamespaceId, namespaceName, namespaceDesc);
        return Boolean.TRUE;
    }

    @PutMapping
    public Boolean update(@RequestParam String namespace, @RequestParam String namespaceShowName,
            @RequestParam(required = false) String namespaceDesc) {
        namespaces.update(namespace, namespaceShowName, namespaceDesc);
        return Boolean.TRUE;
    }

    @DeleteMapping
    public Boolean delete(@RequestParam String namespaceId) {
        namespaces.delete(namespaceId);
        return Boolean.TRUE;
    }
}

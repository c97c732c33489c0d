/** The service registry (naming). Services, instances, Distro and push arrive with the naming issue. */
package com.nacosx.naming;
